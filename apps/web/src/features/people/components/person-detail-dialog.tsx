import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../components/load-error";
import { PersonAvatar } from "./person-avatar";

type PersonDetailDialogProps<Person extends { firstName: string; lastName: string }> = {
  person: UseQueryResult<Person>;
  /** The title until the person has loaded; then their avatar and name. */
  title: string;
  loadingLabel: string;
  maxWidth: "sm" | "md";
  onClose: () => void;
  children: (person: Person) => ReactNode;
};

/** A person's details (/users and /staff): avatar and name above, loading and error inside. */
export function PersonDetailDialog<Person extends { firstName: string; lastName: string }>({
  person,
  title,
  loadingLabel,
  maxWidth,
  onClose,
  children,
}: PersonDetailDialogProps<Person>) {
  const { t } = useTranslation();
  const titleId = useId();
  const data = person.data;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth={maxWidth}>
      <DialogTitle id={titleId} sx={{ display: "flex", alignItems: "center", gap: 1.5 }}>
        {data ? <PersonAvatar firstName={data.firstName} lastName={data.lastName} /> : null}
        {data ? `${data.firstName} ${data.lastName}` : title}
      </DialogTitle>
      <DialogContent>
        {person.isPending ? (
          <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
            <CircularProgress aria-label={loadingLabel} />
          </Box>
        ) : person.isError ? (
          <LoadError error={person.error} onRetry={() => void person.refetch()} />
        ) : data ? (
          children(data)
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}

import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { staleRecord } from "../lib/api-client";
import { focusOnMount } from "../lib/focus";

/** One field the stale dialog compares: its label, its value in a record, and how to show that value. */
export type StaleField<T> = {
  label: string;
  value: (record: T) => unknown;
  /** The value in words; left out, the dialog names the field only. */
  show?: (record: T) => string | null;
};

/**
 * A save refused as stale (decision 0057): the record the form was loaded from, and the record
 * as it now is. `catchStale` takes a save's error and answers whether it was that refusal.
 */
export function useStaleSave<T>() {
  const [stale, setStale] = useState<{ loaded: T; current: T } | null>(null);
  return {
    stale,
    catchStale: (error: unknown, loaded: T): boolean => {
      const current = staleRecord<T>(error);
      if (current) setStale({ loaded, current });
      return current !== null;
    },
    close: () => setStale(null),
  };
}

/** The fields whose value differs between the record as loaded and as it now is. */
export function changedFields<T>(fields: readonly StaleField<T>[], loaded: T, current: T): StaleField<T>[] {
  return fields.filter(
    (field) => JSON.stringify(field.value(loaded)) !== JSON.stringify(field.value(current)),
  );
}

/**
 * "Iemand anders het dit intussen verander": which fields differ from what the user loaded, and
 * the two ways on: show the record as it now is (the user's edit is dropped), or save the user's
 * edit again on top of it. Every screen that saves a record two people may edit shows this one.
 */
export function StaleDialog<T>(props: {
  stale: { loaded: T; current: T } | null;
  fields: readonly StaleField<T>[];
  onReload: (current: T) => void;
  onReapply: (current: T) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const introId = useId();
  const { stale } = props;
  const changed = stale ? changedFields(props.fields, stale.loaded, stale.current) : [];
  return (
    <Dialog open={stale !== null} aria-labelledby={titleId} aria-describedby={introId} role="alertdialog">
      <DialogTitle id={titleId}>{t("stale.title")}</DialogTitle>
      <DialogContent>
        <DialogContentText id={introId}>
          {changed.length > 0 ? t("stale.intro") : t("stale.nothing")}
        </DialogContentText>
        {stale && changed.length > 0 ? (
          <List dense>
            {changed.map((field) => (
              <ListItem key={field.label} disableGutters>
                <ListItemText
                  primary={field.label}
                  secondary={field.show ? (field.show(stale.current) ?? t("stale.empty")) : null}
                />
              </ListItem>
            ))}
          </List>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => stale && props.onReload(stale.current)} ref={focusOnMount}>
          {t("stale.reload")}
        </Button>
        <Button variant="contained" onClick={() => stale && props.onReapply(stale.current)}>
          {t("stale.reapply")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

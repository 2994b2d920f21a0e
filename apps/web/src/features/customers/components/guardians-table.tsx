import type { GuardianRow } from "@kantien/domain/guardians";
import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ListPagination } from "../../../components/list-pagination";
import { LoadError } from "../../../components/load-error";
import { useNotice } from "../../../components/notice";
import { errorMessage } from "../../../lib/api-client";
import { type GuardianListParams, useDeleteGuardian, useGuardians } from "../api/guardians";

type Props = {
  params: GuardianListParams;
  onPage: (page: number, rows: number) => void;
  /** A learner's chip opens the learner's detail. */
  onLearner: (learnerId: string) => void;
};

/**
 * The "Ouers en voogde" tab of /users (admins): each guardian with their learners, searched by
 * either side; a guardian is removed after a confirmation (docs/decisions/0068-who-eats-and-who-pays.md).
 */
export function GuardiansTable({ params, onPage, onLearner }: Props) {
  const { t } = useTranslation();
  const notify = useNotice();
  const guardians = useGuardians(params);
  const remove = useDeleteGuardian();
  // Kept apart from `asking`, so the dialog's text stays while it closes.
  const [removing, setRemoving] = useState<GuardianRow | null>(null);
  const [asking, setAsking] = useState(false);
  const page = guardians.data;

  if (guardians.isError)
    return <LoadError error={guardians.error} onRetry={() => void guardians.refetch()} />;
  return (
    <Paper variant="outlined">
      {guardians.isFetching ? (
        <LinearProgress aria-label={t("screens.customers.guardianList.loading")} />
      ) : null}
      {page && page.rows.length === 0 ? (
        <Stack spacing={1} sx={{ p: 3, textAlign: "center" }}>
          <Typography sx={{ fontWeight: 600 }}>
            {params.q
              ? t("screens.customers.guardianList.noMatches")
              : t("screens.customers.guardianList.empty")}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {params.q
              ? t("screens.customers.guardianList.noMatchesBody")
              : t("screens.customers.guardianList.emptyBody")}
          </Typography>
        </Stack>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t("screens.customers.guardianList.tableLabel")}>
            <TableHead>
              <TableRow>
                <TableCell>{t("screens.customers.guardianList.name")}</TableCell>
                <TableCell>{t("screens.customers.guardianList.learners")}</TableCell>
                <TableCell align="right">{t("screens.customers.guardianList.actions")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(page?.rows ?? []).map((guardian) => {
                const name = `${guardian.firstName} ${guardian.lastName}`;
                return (
                  <TableRow key={guardian.id} sx={{ verticalAlign: "top" }}>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {name}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
                        {guardian.email}
                      </Typography>
                      {guardian.signedUp ? null : (
                        <Chip
                          size="small"
                          variant="outlined"
                          color="warning"
                          label={t("screens.customers.guardianList.invited")}
                          sx={{ ml: 1 }}
                        />
                      )}
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.5 }}>
                        {guardian.learners.length === 0 ? (
                          <Typography variant="body2" color="text.secondary">
                            {t("screens.customers.guardianList.noLearners")}
                          </Typography>
                        ) : (
                          guardian.learners.map((learner) => (
                            <Chip
                              key={learner.id}
                              size="small"
                              clickable
                              onClick={() => onLearner(learner.id)}
                              color={learner.status === "pending" ? "warning" : "default"}
                              variant={learner.primary ? "filled" : "outlined"}
                              label={
                                learner.status === "pending"
                                  ? t("screens.customers.guardianList.waiting", {
                                      name: `${learner.firstName} ${learner.lastName}`,
                                    })
                                  : `${learner.firstName} ${learner.lastName}`
                              }
                            />
                          ))
                        )}
                      </Stack>
                    </TableCell>
                    <TableCell align="right">
                      <Tooltip title={t("screens.customers.guardianList.remove")}>
                        <IconButton
                          aria-label={t("screens.customers.guardianList.removeNamed", { name })}
                          onClick={() => {
                            setRemoving(guardian);
                            setAsking(true);
                          }}
                          disabled={remove.isPending}
                        >
                          <DeleteIcon />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ListPagination
        total={page?.total}
        page={params.page}
        rows={params.rows}
        onPageChange={(next) => onPage(next, params.rows)}
        onRowsChange={(rows) => onPage(0, rows)}
      />
      <ConfirmDialog
        open={asking}
        destructive
        title={t("screens.customers.guardianList.removeTitle", {
          name: removing ? `${removing.firstName} ${removing.lastName}` : "",
        })}
        message={t("screens.customers.guardianList.removeMessage")}
        confirmLabel={t("screens.customers.guardianList.remove")}
        cancelLabel={t("common.cancel")}
        onConfirm={() => {
          const target = removing;
          setAsking(false);
          if (!target) return;
          remove.mutate(target.id, {
            onSuccess: (answer) => notify({ severity: "success", text: answer.message }),
            onError: (error) => notify({ severity: "error", text: errorMessage(error, t("errors.remove")) }),
          });
        }}
        onCancel={() => setAsking(false)}
      />
    </Paper>
  );
}

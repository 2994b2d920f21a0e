import type { myCardAnswer } from "@kantien/domain/learner-cards";
import QrCode2Icon from "@mui/icons-material/QrCode2";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { QrCode } from "../../../components/qr-code";
import { orderingApi, whose } from "../../../lib/acting-for";
import { type Answer, api, errorMessage } from "../../../lib/api-client";

/**
 * "Betaal by die toonbank" (decision 0072): the code the counter scans to sell from this wallet,
 * the learner's card's, shown big on the phone; the server issues a card when there is none.
 */
export function CounterCode() {
  const { t } = useTranslation();
  const context = whose();
  const headingId = useId();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const card = useMutation({
    mutationFn: async () =>
      (await api.post<Answer<typeof myCardAnswer>>(`${orderingApi()}/card`, { body: {} })).data.code,
  });
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2, mb: 2 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {t("my.wallet.counterCode.title")}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t("my.wallet.counterCode.text", { context })}
      </Typography>
      {card.isError ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorMessage(card.error, t("my.wallet.counterCode.failed"))}
        </Alert>
      ) : null}
      <Button
        variant="outlined"
        startIcon={<QrCode2Icon />}
        disabled={card.isPending}
        onClick={() => card.mutate(undefined, { onSuccess: () => setOpen(true) })}
      >
        {t("my.wallet.counterCode.show", { context })}
      </Button>
      {open && card.data ? (
        <Dialog open onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="xs">
          <DialogTitle id={titleId}>{t("my.wallet.counterCode.title")}</DialogTitle>
          <DialogContent>
            <Box sx={{ display: "flex", justifyContent: "center", p: 1, bgcolor: "#fff", borderRadius: 1 }}>
              <QrCode
                content={card.data}
                size="min(72vw, 300px)"
                label={t("my.wallet.counterCode.qrAlt", { context })}
              />
            </Box>
            <Typography sx={{ mt: 2 }}>{t("my.wallet.counterCode.scan")}</Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{t("my.wallet.counterCode.close")}</Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </Paper>
  );
}

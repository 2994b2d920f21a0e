import PrintIcon from "@mui/icons-material/Print";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import GlobalStyles from "@mui/material/GlobalStyles";
import LinearProgress from "@mui/material/LinearProgress";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../components/load-error";
import { useAppConfig } from "../../../lib/app-config";
import { useLinkLetter } from "../api/customer-guardians";

/**
 * The letter the school gives a learner's guardians (admins): how to sign up, the link code, and
 * how to pay in by EFT with the learner's payment reference. Printing shows the letter alone, on
 * A4 (docs/decisions/0068-who-eats-and-who-pays.md).
 */
export function LinkLetterDialog({ learnerId, onClose }: { learnerId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { canteenName } = useAppConfig();
  const letter = useLinkLetter(learnerId);
  const data = letter.data;
  const signUpAt = `${window.location.origin}/signup`;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{t("screens.customers.letter.title")}</DialogTitle>
      <DialogContent>
        {letter.isError ? (
          <LoadError error={letter.error} onRetry={() => void letter.refetch()} />
        ) : !data ? (
          <LinearProgress aria-label={t("screens.customers.letter.loading")} />
        ) : (
          <>
            {data.bank ? null : (
              <Alert severity="warning" sx={{ mb: 2, displayPrint: "none" }}>
                {t("screens.customers.letter.noBank")}
              </Alert>
            )}
            <GlobalStyles
              styles={{
                "@media print": {
                  "@page": { size: "A4", margin: "20mm" },
                  "body *": { visibility: "hidden" },
                  // The page's tab indicator draws itself visible behind the dialog.
                  ".MuiTabs-indicator": { display: "none" },
                  ".link-letter, .link-letter *": { visibility: "visible" },
                  ".link-letter": { position: "absolute", left: 0, top: 0, width: "100%", color: "#000" },
                },
              }}
            />
            <Box
              className="link-letter"
              component="article"
              aria-label={t("screens.customers.letter.title")}
              sx={{
                p: { xs: 1, sm: 3 },
                border: 1,
                borderColor: "divider",
                borderRadius: 1,
                "@media print": { border: 0 },
              }}
            >
              <Box component="h2" sx={{ mt: 0 }}>
                {t("screens.customers.letter.heading", { canteen: canteenName })}
              </Box>
              <p>
                {t("screens.customers.letter.greeting", {
                  name: `${data.firstName} ${data.lastName}`,
                  grade: data.grade ? ` (${data.grade})` : "",
                })}
              </p>
              <p>{t("screens.customers.letter.intro", { canteen: canteenName })}</p>
              <Box component="ol" sx={{ pl: 3, "& li": { mb: 1.5 } }}>
                <li>{t("screens.customers.letter.stepSignUp", { address: signUpAt })}</li>
                <li>
                  {t("screens.customers.letter.stepLink", { name: data.firstName })}
                  <Box
                    sx={{
                      fontFamily: "monospace",
                      fontSize: "1.6rem",
                      fontWeight: 700,
                      letterSpacing: 3,
                      my: 1,
                    }}
                  >
                    {data.linkCode}
                  </Box>
                </li>
                <li>
                  {t("screens.customers.letter.stepPay")}
                  {data.bank ? (
                    <Box
                      component="dl"
                      sx={{
                        display: "grid",
                        gridTemplateColumns: "auto 1fr",
                        columnGap: 2,
                        my: 1,
                        "& dd": { m: 0 },
                      }}
                    >
                      <dt>{t("screens.customers.letter.bank")}</dt>
                      <dd>{data.bank.bank}</dd>
                      <dt>{t("screens.customers.letter.holder")}</dt>
                      <dd>{data.bank.accountHolder}</dd>
                      <dt>{t("screens.customers.letter.account")}</dt>
                      <dd>{data.bank.accountNumber}</dd>
                      <dt>{t("screens.customers.letter.branch")}</dt>
                      <dd>{data.bank.branchCode}</dd>
                      <dt>{t("screens.customers.letter.reference")}</dt>
                      <Box component="dd" sx={{ fontFamily: "monospace", fontWeight: 700 }}>
                        {data.paymentReference}
                      </Box>
                    </Box>
                  ) : (
                    <Box sx={{ my: 1 }}>
                      {t("screens.customers.letter.referenceOnly", { reference: data.paymentReference })}
                    </Box>
                  )}
                  {t("screens.customers.letter.referenceNote", { name: data.firstName })}
                </li>
              </Box>
              <p>{t("screens.customers.letter.keepSafe", { name: data.firstName })}</p>
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ displayPrint: "none" }}>
        <Button onClick={onClose}>{t("common.close")}</Button>
        <Button variant="contained" startIcon={<PrintIcon />} disabled={!data} onClick={() => window.print()}>
          {t("screens.customers.letter.print")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import type { LearnerCard, LearnerCardsInput } from "@kantien/domain/learner-cards";
import type { CustomerDetail } from "@kantien/domain/people";
import BadgeIcon from "@mui/icons-material/Badge";
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
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { LoadError } from "../../../components/load-error";
import { useNotice } from "../../../components/notice";
import { QrCode } from "../../../components/qr-code";
import { errorMessage } from "../../../lib/api-client";
import { useAppConfig, useCanteenTimeZone } from "../../../lib/app-config";
import { focusOnMount } from "../../../lib/focus";
import { formatDateTime } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";
import { useBlockCard, useCardSheet, useIssueCard } from "../api/learner-cards";

/** A customer's card on their detail (admins): when it was issued, a new one, blocking it, printing it. */
export function LearnerCardSection({ customer }: { customer: CustomerDetail }) {
  const { t } = useTranslation();
  const headingId = useId();
  const timeZone = useCanteenTimeZone();
  const notify = useNotice();
  const issue = useIssueCard(customer.id);
  const block = useBlockCard(customer.id);
  const [asking, setAsking] = useState<"replace" | "block" | null>(null);
  const [printing, setPrinting] = useState(false);
  const failed = issue.error ?? block.error;
  const doIssue = () =>
    issue.mutate(undefined, {
      onSuccess: (answer) => {
        notify({ severity: "success", text: answer.message });
        setPrinting(true);
      },
    });
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h3" sx={{ mb: 1 }}>
        {t("screens.customers.card.title")}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {customer.cardIssuedAt
          ? t("screens.customers.card.issued", {
              at: formatDateTime(customer.cardIssuedAt, timeZone, currentLanguage()),
            })
          : t("screens.customers.card.none")}
      </Typography>
      {failed ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorMessage(failed, t("screens.customers.card.failed"))}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", gap: 1 }}>
        {customer.cardIssuedAt ? (
          <>
            <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => setPrinting(true)}>
              {t("screens.customers.card.print")}
            </Button>
            <Button variant="outlined" onClick={() => setAsking("replace")} disabled={issue.isPending}>
              {t("screens.customers.card.replace")}
            </Button>
            <Button color="error" onClick={() => setAsking("block")} disabled={block.isPending}>
              {t("screens.customers.card.block")}
            </Button>
          </>
        ) : customer.akdNumber === null ? (
          <Typography color="text.secondary">{t("screens.customers.card.needsAcademyNumber")}</Typography>
        ) : (
          <Button variant="outlined" startIcon={<BadgeIcon />} onClick={doIssue} disabled={issue.isPending}>
            {t("screens.customers.card.issue")}
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        open={asking !== null}
        title={t(
          asking === "block" ? "screens.customers.card.blockTitle" : "screens.customers.card.replaceTitle",
        )}
        message={t(
          asking === "block" ? "screens.customers.card.blockText" : "screens.customers.card.replaceText",
          {
            name: `${customer.firstName} ${customer.lastName}`,
          },
        )}
        confirmLabel={t(
          asking === "block" ? "screens.customers.card.block" : "screens.customers.card.replace",
        )}
        cancelLabel={t("screens.customers.card.cancel")}
        destructive
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          const what = asking;
          setAsking(null);
          if (what === "replace") doIssue();
          else
            block.mutate(undefined, {
              onSuccess: (answer) => notify({ severity: "success", text: answer.message }),
            });
        }}
      />
      {printing ? (
        <CardSheetDialog input={{ learnerIds: [customer.id] }} onClose={() => setPrinting(false)} />
      ) : null}
    </Box>
  );
}

/** "Druk leerderkaarte" on /users: a class's cards, by the grade the school's list gives. */
export function ClassCardsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [grade, setGrade] = useState("");
  const [chosen, setChosen] = useState<string | null>(null);
  if (chosen) return <CardSheetDialog input={{ grade: chosen }} onClose={onClose} />;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (grade.trim()) setChosen(grade.trim());
        }}
      >
        <DialogTitle id={titleId}>{t("screens.customers.card.classTitle")}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>{t("screens.customers.card.classText")}</Typography>
          <TextField
            label={t("screens.customers.card.grade")}
            value={grade}
            onChange={(event) => setGrade(event.target.value)}
            inputRef={focusOnMount}
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: 20 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("screens.customers.card.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={!grade.trim()}>
            {t("screens.customers.card.showSheet")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The cards to print, credit-card size (85.6 × 54 mm), ten to an A4 sheet. */
function CardSheetDialog({ input, onClose }: { input: LearnerCardsInput; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const sheet = useCardSheet(input);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{t("screens.customers.card.sheetTitle")}</DialogTitle>
      <DialogContent>
        {sheet.isError ? (
          <LoadError error={sheet.error} onRetry={() => void sheet.refetch()} />
        ) : sheet.isPending ? (
          <LinearProgress aria-label={t("screens.customers.card.loading")} />
        ) : sheet.data.length === 0 ? (
          <Typography color="text.secondary">
            {"grade" in input
              ? t("screens.customers.card.noneInClass", { grade: input.grade })
              : t("screens.customers.card.noneToPrint")}
          </Typography>
        ) : (
          <CardSheet cards={sheet.data} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("screens.customers.card.close")}</Button>
        <Button
          variant="contained"
          startIcon={<PrintIcon />}
          disabled={!sheet.data || sheet.data.length === 0}
          onClick={() => window.print()}
        >
          {t("screens.customers.card.printSheet", { count: sheet.data?.length ?? 0 })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function CardSheet({ cards }: { cards: readonly LearnerCard[] }) {
  const { t } = useTranslation();
  const { canteenName } = useAppConfig();
  return (
    <>
      <GlobalStyles
        styles={{
          "@media print": {
            "@page": { size: "A4", margin: "12mm" },
            "body *": { visibility: "hidden" },
            ".MuiTabs-indicator": { display: "none" },
            ".card-sheet, .card-sheet *": { visibility: "visible" },
            ".card-sheet": { position: "absolute", left: 0, top: 0, color: "#000" },
          },
        }}
      />
      <Box
        className="card-sheet"
        component="ul"
        aria-label={t("screens.customers.card.sheetTitle")}
        sx={{
          display: "grid",
          gridTemplateColumns: "repeat(auto-fill, 85.6mm)",
          gap: "4mm",
          listStyle: "none",
          p: 0,
          m: 0,
          "@media print": { gridTemplateColumns: "85.6mm 85.6mm" },
        }}
      >
        {cards.map((card) => (
          <Box
            component="li"
            key={card.learnerId}
            aria-label={card.name}
            sx={{
              width: "85.6mm",
              height: "54mm",
              boxSizing: "border-box",
              p: "4mm",
              border: "1px solid #000",
              borderRadius: "3mm",
              bgcolor: "#fff",
              color: "#000",
              display: "flex",
              gap: "3mm",
              breakInside: "avoid",
            }}
          >
            <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column" }}>
              <Box sx={{ fontSize: "8pt", fontWeight: 700, textTransform: "uppercase" }}>{canteenName}</Box>
              <Box sx={{ fontSize: "13pt", fontWeight: 700, mt: "3mm", lineHeight: 1.2 }}>{card.name}</Box>
              <Box sx={{ fontSize: "10pt", mt: "1mm" }}>{card.akdNumber}</Box>
              {card.grade ? (
                <Box sx={{ fontSize: "10pt" }}>
                  {t("screens.customers.card.gradeOn", { grade: card.grade })}
                </Box>
              ) : null}
              <Box sx={{ fontSize: "7pt", mt: "auto" }}>{t("screens.customers.card.footer")}</Box>
            </Box>
            <QrCode
              content={card.code}
              size="30mm"
              label={t("screens.customers.card.qrAlt", { name: card.name })}
            />
          </Box>
        ))}
      </Box>
    </>
  );
}

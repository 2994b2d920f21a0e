import { type IsoDate, isIsoDate, todayIn } from "@kantien/domain/dates";
import { portionsByDish } from "@kantien/domain/kitchen-rules";
import { ROUTES } from "@kantien/domain/route-access";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import PrintIcon from "@mui/icons-material/Print";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { useId, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { DateField } from "../../../components/date-field";
import { LoadError } from "../../../components/load-error";
import { useAppConfig, useCanteenTimeZone } from "../../../lib/app-config";
import { formatLongDate, formatTime } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";
import { oneOfParam, useAddressState } from "../../../lib/list-params";
import { useKitchenDay } from "../api/get-kitchen-day";
import {
  ordersToLabel,
  PRINT_PAPERS,
  PRINT_SHEETS,
  type PrintPaper,
  type PrintSheet,
  pageRule,
} from "../print-layout";
import { OrderLabels, PrepSheet } from "./print-sheets";

const TAP = { minHeight: 48 };
const MM_PER_PX = 25.4 / 96;
/** An A4 page's width in CSS pixels: the preview is drawn this wide, then fitted to the screen. */
const A4_WIDTH_PX = 210 / MM_PER_PX;

type ChoiceProps<T extends string> = {
  label: string;
  value: T;
  /** Each option's value and text. */
  options: [T, string][];
  onChange: (value: T) => void;
};

/** One of a few options, as a row of large toggle buttons under a label. */
function Choice<T extends string>({ label, value, options, onChange }: ChoiceProps<T>) {
  const labelId = useId();
  return (
    <Box>
      <Typography id={labelId} variant="body2" color="text.secondary">
        {label}
      </Typography>
      <ToggleButtonGroup
        exclusive
        value={value}
        // Pressing the chosen option again chooses nothing: it stays chosen.
        onChange={(_event, next: T | null) => {
          if (next !== null) onChange(next);
        }}
        aria-labelledby={labelId}
      >
        {options.map(([option, text]) => (
          <ToggleButton key={option} value={option} sx={TAP}>
            {text}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}

/**
 * The kitchen's print view (/kitchen/print): the day's prep sheet or its order labels, drawn as on
 * paper, printed with the browser's print dialog. What to print lives in the address, so a
 * reload or a bookmark on the kitchen's computer keeps it.
 */
export function PrintScreen() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const config = useAppConfig();
  const timeZone = useCanteenTimeZone();
  const today = todayIn(timeZone);
  const address = useAddressState<{ sheet: PrintSheet; paper: PrintPaper; date: IsoDate }>({
    sheet: oneOfParam(PRINT_SHEETS, "prep"),
    paper: oneOfParam(PRINT_PAPERS, "a4"),
    date: { read: (raw) => (raw !== null && isIsoDate(raw) ? raw : today), write: (date) => date },
  });
  const { sheet, paper, date } = address.params;
  const day = useKitchenDay(date);

  const orders = day.data?.orders ?? [];
  const labelCount = ordersToLabel(orders).length;
  const dishCount = portionsByDish(orders).length;
  const empty = sheet === "labels" ? labelCount === 0 : dishCount === 0;
  const printedAt = formatTime(new Date().toISOString(), timeZone, language);

  // A receipt prep sheet prints on one page as long as the sheet: measured, not guessed.
  const sheets = useRef<HTMLDivElement>(null);
  const [receiptLength, setReceiptLength] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again whenever what is drawn changes
  useLayoutEffect(() => {
    const article = sheets.current?.querySelector('[data-print-sheet="prep"]');
    if (article) setReceiptLength(Math.ceil(article.getBoundingClientRect().height * MM_PER_PX) + 1);
  }, [paper, sheet, day.data, language]);

  // An A4 page is wider than a phone: its preview is scaled to fit the screen's width (zoom, so
  // the page below takes the scaled height too), never cut off; printing draws it at full size.
  const [fit, setFit] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the sheets' box is there again once the day is drawn
  useLayoutEffect(() => {
    const box = sheets.current;
    if (!box) return;
    const measure = () => setFit(Math.min(1, box.clientWidth / A4_WIDTH_PX));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [day.data, sheet, paper]);

  return (
    <Box>
      <style>{pageRule(sheet, paper, receiptLength)}</style>
      <Stack spacing={2} sx={{ mb: 2, displayPrint: "none" }}>
        <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1 }}>
          <Typography variant="h4" component="h1" sx={{ mr: "auto", fontWeight: 600 }}>
            {t("screens.kitchen.print.title")}
          </Typography>
          <Button component={RouterLink} to={ROUTES.kitchenMode} startIcon={<ArrowBackIcon />} sx={TAP}>
            {t("screens.counter.toBoard")}
          </Button>
        </Box>
        <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: 2 }}>
          <Choice
            label={t("screens.kitchen.print.what")}
            value={sheet}
            options={PRINT_SHEETS.map((option) => [option, t(`screens.kitchen.print.sheet.${option}`)])}
            onChange={(value) => address.change({ sheet: value })}
          />
          <Choice
            label={t("screens.kitchen.print.paper")}
            value={paper}
            options={PRINT_PAPERS.map((option) => [
              option,
              t(`screens.kitchen.print.papers.${option}.${sheet}`),
            ])}
            onChange={(value) => address.change({ paper: value })}
          />
          <DateField
            label={t("screens.kitchen.print.date")}
            value={date}
            onChange={(value) => {
              if (value) address.change({ date: value });
            }}
          />
          <Button
            variant="contained"
            size="large"
            startIcon={<PrintIcon />}
            onClick={() => window.print()}
            disabled={!day.data || empty}
            sx={TAP}
          >
            {t("screens.kitchen.print.print")}
          </Button>
        </Box>
        <Typography color="text.secondary">
          {sheet === "labels"
            ? t("screens.kitchen.print.labelsHelp", { count: labelCount })
            : t(`screens.kitchen.print.prepHelp.${paper}`)}
        </Typography>
      </Stack>
      {day.isPending ? (
        <Box role="status" sx={{ display: "flex", alignItems: "center", gap: 1.5 }}>
          <CircularProgress size={24} aria-hidden="true" />
          <Typography>{t("screens.kitchen.print.loading")}</Typography>
        </Box>
      ) : day.isError ? (
        <LoadError error={day.error} onRetry={() => void day.refetch()} />
      ) : empty ? (
        <Alert severity="info">
          {t(`screens.kitchen.print.empty.${sheet}`, { date: formatLongDate(date, language) })}
        </Alert>
      ) : (
        <Box ref={sheets} sx={{ overflowX: "auto", "@media print": { overflow: "visible" } }}>
          <Box
            data-preview-scale={paper === "a4" ? fit : 1}
            sx={{ zoom: paper === "a4" ? fit : 1, "@media print": { zoom: 1 } }}
          >
            {sheet === "labels" ? (
              <OrderLabels orders={orders} date={date} paper={paper} language={language} />
            ) : (
              <PrepSheet
                orders={orders}
                caps={day.data?.caps}
                atCounter={day.data?.atCounter}
                date={date}
                canteenName={config.canteenName}
                printedAt={printedAt}
                paper={paper}
                language={language}
              />
            )}
          </Box>
        </Box>
      )}
    </Box>
  );
}

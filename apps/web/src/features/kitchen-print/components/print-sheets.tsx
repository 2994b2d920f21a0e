import type { KitchenCounterSold, KitchenDishCap, KitchenOrder } from "@kantien/domain/kitchen";
import { orderQrContent, portionsByDish } from "@kantien/domain/kitchen-rules";
import type { Language } from "@kantien/domain/language";
import { orderLabel } from "@kantien/domain/order-label";
import type { OrderStatus } from "@kantien/domain/order-status";
import Box from "@mui/material/Box";
import { useTranslation } from "react-i18next";
import { QrCode } from "../../../components/qr-code";
import { allergenList, declarationWords } from "../../../lib/allergen-words";
import { allergyAlertWords } from "../../../lib/allergy-alert-words";
import { formatLongDate, formatShortDate } from "../../../lib/format";
import {
  A4_LABELS,
  labelSheets,
  ordersToLabel,
  ordersToMake,
  PORTION_STAGES,
  type PrintPaper,
  prepStage,
  RECEIPT,
} from "../print-layout";

/**
 * Paper is white whatever the theme: the sheets are drawn black on white on the screen too,
 * so what the cook sees is what the printer prints.
 */
const PAPER = { bgcolor: "#fff", color: "#000", fontFamily: "Arial, 'Liberation Sans', sans-serif" };
/** The sheets stand apart on the screen; on paper the printer's own pages do that. */
const ON_SCREEN = {
  boxShadow: "0 1px 6px rgba(0,0,0,0.35)",
  mb: 3,
  "@media print": { boxShadow: "none", m: 0 },
};
/** Each label sheet, or receipt label, ends its page; the last one leaves no blank page after it. */
const PAGE_EACH = { breakAfter: "page", "&:last-child": { breakAfter: "auto" } } as const;
const STAGES = [...PORTION_STAGES, "total"] as const;

/**
 * "⚠ Allergie: grondboontjies": an order's alert as paper prints it, a sign and bold words,
 * white on black and larger than the label's other lines, so it is the first thing read. The
 * printer is told to print the black (browsers leave backgrounds out unless asked).
 */
function AllergyAlertLine({
  order,
  language,
  fontSize,
}: {
  order: KitchenOrder;
  language: Language;
  fontSize: string;
}) {
  const { t } = useTranslation();
  const alert = order.allergyAlert;
  if (!alert) return null;
  return (
    <Box
      data-allergy-alert
      sx={{
        fontWeight: 700,
        fontSize,
        lineHeight: 1.15,
        bgcolor: "#000",
        color: "#fff",
        px: "1mm",
        py: "0.5mm",
        mt: "0.5mm",
        printColorAdjust: "exact",
        WebkitPrintColorAdjust: "exact",
      }}
    >
      <span aria-hidden="true">⚠ </span>
      {allergyAlertWords(alert, t, (codes) => allergenList(codes, language))}
    </Box>
  );
}

/** "Bevat: gluten, melk; kan bevat: neute" in bold: every dish's allergens on its label, alert or not. */
function DeclarationLine({
  order,
  language,
  fontSize,
}: {
  order: KitchenOrder;
  language: Language;
  fontSize: string;
}) {
  if (order.itemAllergens.length === 0) return null;
  return (
    <Box data-allergens sx={{ fontWeight: 700, fontSize, mt: "0.5mm" }}>
      {declarationWords(order.itemAllergens, language)}
    </Box>
  );
}

/** An order's stage in the words of the sheet's table ("Om te doen", paid or not). */
function StageWord({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  const stage = prepStage(status);
  return stage ? <span>{t(`screens.kitchen.print.stage.${stage}`)}</span> : null;
}

/** Orders grouped by dish, in the order the dishes first come. */
function byDish(orders: readonly KitchenOrder[]): [string, KitchenOrder[]][] {
  const dishes = new Map<string, KitchenOrder[]>();
  for (const order of orders) {
    const dish = dishes.get(order.itemName);
    if (dish) dish.push(order);
    else dishes.set(order.itemName, [order]);
  }
  return [...dishes];
}

type PrepSheetProps = {
  orders: readonly KitchenOrder[];
  /** Capped dishes' portions made and left, and what the counter sold (decisions 0069, 0071). */
  caps?: readonly KitchenDishCap[];
  atCounter?: readonly KitchenCounterSold[];
  date: string;
  canteenName: string;
  printedAt: string;
  paper: PrintPaper;
  language: Language;
};

/** The day's prep sheet: portions per dish and stage, then a check list of the orders still to make. */
export function PrepSheet({
  orders,
  caps = [],
  atCounter = [],
  date,
  canteenName,
  printedAt,
  paper,
  language,
}: PrepSheetProps) {
  const { t } = useTranslation();
  const dishes = portionsByDish(orders);
  const toMake = ordersToMake(orders);
  const receipt = paper === "receipt";
  const totals = STAGES.map((stage) => dishes.reduce((sum, dish) => sum + dish[stage], 0));
  const cell = { border: "1px solid #000", px: "2mm", py: "1mm", textAlign: "right" } as const;
  return (
    <Box
      component="article"
      data-print-sheet="prep"
      data-paper={paper}
      sx={{
        ...PAPER,
        ...ON_SCREEN,
        // An A4 page on the screen as on paper, its margin as padding (a phone's preview is
        // scaled to fit, print-screen.tsx); printed, the page's own margin holds it.
        width: receipt ? `${RECEIPT.width}mm` : "210mm",
        p: receipt ? `${(RECEIPT.width - RECEIPT.printable) / 2}mm` : "12mm",
        fontSize: receipt ? "10pt" : "11pt",
        "@media print": { boxShadow: "none", m: 0, ...(receipt ? {} : { p: 0, width: "auto" }) },
      }}
    >
      <Box component="h2" sx={{ fontSize: receipt ? "13pt" : "18pt", m: 0 }}>
        {t("screens.kitchen.print.prepTitle", { canteen: canteenName })}
      </Box>
      <Box component="p" sx={{ m: 0, fontWeight: 700 }}>
        {formatLongDate(date, language)}
      </Box>
      <Box component="p" sx={{ mt: 0, mb: "3mm" }}>
        {t("screens.kitchen.print.printedAt", { time: printedAt })}
      </Box>
      {receipt ? (
        dishes.map((dish) => (
          <Box key={dish.itemName} sx={{ borderTop: "1px dashed #000", py: "1.5mm" }}>
            <Box sx={{ fontWeight: 700, fontSize: "11pt" }}>
              {t("screens.kitchen.portions.dish", { dish: dish.itemName, count: dish.total })}
            </Box>
            {PORTION_STAGES.map((stage) => (
              <Box key={stage}>{t(`screens.kitchen.portions.${stage}`, { count: dish[stage] })}</Box>
            ))}
          </Box>
        ))
      ) : (
        <Box component="table" sx={{ borderCollapse: "collapse", width: "100%" }}>
          <thead>
            <tr>
              <Box component="th" scope="col" sx={{ ...cell, textAlign: "left" }}>
                {t("screens.kitchen.print.dish")}
              </Box>
              {STAGES.map((stage) => (
                <Box component="th" scope="col" key={stage} sx={cell}>
                  {t(`screens.kitchen.print.stage.${stage}`)}
                </Box>
              ))}
            </tr>
          </thead>
          <tbody>
            {dishes.map((dish) => (
              <tr key={dish.itemName}>
                <Box component="th" scope="row" sx={{ ...cell, textAlign: "left" }}>
                  {dish.itemName}
                </Box>
                {STAGES.map((stage) => (
                  <Box component="td" key={stage} sx={{ ...cell, fontWeight: stage === "total" ? 700 : 400 }}>
                    {dish[stage]}
                  </Box>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <Box component="th" scope="row" sx={{ ...cell, textAlign: "left" }}>
                {t("screens.kitchen.print.allDishes")}
              </Box>
              {totals.map((total, index) => (
                <Box component="td" key={STAGES[index]} sx={{ ...cell, fontWeight: 700 }}>
                  {total}
                </Box>
              ))}
            </tr>
          </tfoot>
        </Box>
      )}
      <PortionsLeft caps={caps} atCounter={atCounter} />
      {toMake.length > 0 ? (
        <>
          <Box component="h3" sx={{ fontSize: receipt ? "11pt" : "13pt", mt: "5mm", mb: 0 }}>
            {t("screens.kitchen.print.toMake")}
          </Box>
          {byDish(toMake).map(([dish, dishOrders]) => (
            <Box component="section" key={dish} aria-label={dish}>
              <Box component="h4" sx={{ fontSize: receipt ? "10pt" : "11pt", mt: "2.5mm", mb: "0.5mm" }}>
                {dish}
              </Box>
              <DeclarationLine
                order={dishOrders[0]!}
                language={language}
                fontSize={receipt ? "9pt" : "10pt"}
              />
              <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0 }}>
                {dishOrders.map((order) => (
                  <Box
                    component="li"
                    key={order.id}
                    sx={{ display: "flex", gap: "2mm", py: "0.8mm", borderBottom: "1px dotted #000" }}
                  >
                    <span aria-hidden="true">☐</span>
                    <Box component="span" sx={{ fontWeight: 700, fontFamily: "monospace" }}>
                      #{orderLabel(order)}
                    </Box>
                    <Box component="span" sx={{ flex: 1, minWidth: 0 }}>
                      {order.customerName} × {order.quantity}
                      <AllergyAlertLine
                        order={order}
                        language={language}
                        fontSize={receipt ? "10pt" : "11pt"}
                      />
                    </Box>
                    {receipt ? null : <StageWord status={order.status} />}
                  </Box>
                ))}
              </Box>
            </Box>
          ))}
        </>
      ) : null}
    </Box>
  );
}

type LabelsProps = { orders: readonly KitchenOrder[]; date: string; paper: PrintPaper; language: Language };

/** One label per order still to hand over: on A4 sheets of labels, or one per receipt. */
export function OrderLabels({ orders, date, paper, language }: LabelsProps) {
  const labels = ordersToLabel(orders);
  const day = formatShortDate(date, language);
  if (paper === "receipt") {
    return (
      <Box data-print-sheet="labels" data-paper={paper}>
        {labels.map((order) => (
          <Box
            key={order.id}
            sx={{
              ...PAPER,
              ...ON_SCREEN,
              width: `${RECEIPT.width}mm`,
              height: `${RECEIPT.labelHeight}mm`,
              p: "4mm",
              boxSizing: "border-box",
              ...PAGE_EACH,
              overflow: "hidden",
            }}
          >
            <OrderLabel order={order} day={day} qrSize="30mm" language={language} large />
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <Box data-print-sheet="labels" data-paper={paper}>
      {labelSheets(labels).map((sheet) => (
        <Box
          key={sheet[0]?.id}
          sx={{
            ...PAPER,
            ...ON_SCREEN,
            width: "210mm",
            height: "297mm",
            boxSizing: "border-box",
            pt: `${A4_LABELS.top}mm`,
            pl: `${A4_LABELS.left}mm`,
            display: "grid",
            gridTemplateColumns: `repeat(${A4_LABELS.columns}, ${A4_LABELS.width}mm)`,
            gridAutoRows: `${A4_LABELS.height}mm`,
            columnGap: `${A4_LABELS.columnGap}mm`,
            alignContent: "start",
            ...PAGE_EACH,
            overflow: "hidden",
          }}
        >
          {sheet.map((order) => (
            <Box key={order.id} sx={{ p: "2.5mm", boxSizing: "border-box", overflow: "hidden" }}>
              <OrderLabel order={order} day={day} qrSize="22mm" language={language} />
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}

type OrderLabelProps = {
  order: KitchenOrder;
  day: string;
  qrSize: string;
  language: Language;
  large?: boolean;
};

/**
 * A label's content: who, what, which day and which order, the dish's allergens (as Natasha's
 * Law asks of pre-packed food) and the order's allergy alert, and the QR code the counter scans.
 */
function OrderLabel({ order, day, qrSize, language, large = false }: OrderLabelProps) {
  const { t } = useTranslation();
  const label = orderLabel(order);
  return (
    <Box data-order-label={order.id} sx={{ display: "flex", gap: "2mm", height: "100%" }}>
      <Box sx={{ flex: 1, minWidth: 0, lineHeight: 1.2, overflowWrap: "anywhere" }}>
        <Box
          sx={{ fontWeight: 700, fontSize: large ? "14pt" : "10pt", maxHeight: "2.4em", overflow: "hidden" }}
        >
          {order.customerName}
        </Box>
        <Box sx={{ fontSize: large ? "13pt" : "9pt", mt: "0.5mm" }}>
          {order.itemName} × {order.quantity}
        </Box>
        <Box sx={{ fontSize: large ? "10pt" : "7.5pt", mt: "0.5mm" }}>
          {day}{" "}
          <Box
            component="span"
            sx={{ fontWeight: 700, fontFamily: "monospace", fontSize: large ? "14pt" : "10pt" }}
          >
            #{label}
          </Box>
        </Box>
        <AllergyAlertLine order={order} language={language} fontSize={large ? "12pt" : "9pt"} />
        <DeclarationLine order={order} language={language} fontSize={large ? "9pt" : "6.5pt"} />
      </Box>
      <Box sx={{ flex: "none" }}>
        <QrCode
          content={orderQrContent(order.id)}
          size={qrSize}
          label={t("screens.kitchen.print.qrAlt", { label })}
        />
      </Box>
    </Box>
  );
}

/** Under the portions: each capped dish's made and left, and what the counter sold of each dish. */
function PortionsLeft({
  caps,
  atCounter,
}: {
  caps: readonly KitchenDishCap[];
  atCounter: readonly KitchenCounterSold[];
}) {
  const { t } = useTranslation();
  const names = [...new Set([...caps.map((cap) => cap.itemName), ...atCounter.map((sold) => sold.itemName)])];
  if (names.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={t("screens.kitchen.print.portionsLeft")}
      sx={{ mt: "3mm", mb: 0, pl: "5mm" }}
    >
      {names.map((name) => {
        const cap = caps.find((candidate) => candidate.itemName === name);
        const sold = atCounter.find((candidate) => candidate.itemName === name);
        const words = [
          cap
            ? cap.left === 0
              ? t("screens.kitchen.portions.soldOut", { count: cap.portions })
              : t("screens.kitchen.portions.left", { count: cap.portions, left: cap.left })
            : null,
          sold && sold.sold > 0 ? t("screens.kitchen.portions.atCounter", { count: sold.sold }) : null,
        ].filter(Boolean);
        return (
          <li key={name}>
            <strong>{name}</strong>: {words.join(" · ")}
          </li>
        );
      })}
    </Box>
  );
}

import { allergenVerdict } from "@kantien/domain/allergen-verdict";
import { formatRand } from "@kantien/domain/money";
import type { MyMenuDay } from "@kantien/domain/my";
import { FEW_PORTIONS_LEFT } from "@kantien/domain/portions";
import { ROUTES } from "@kantien/domain/route-access";
import AccessTime from "@mui/icons-material/AccessTime";
import LockOutlined from "@mui/icons-material/LockOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Suspense, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { StatusChip } from "../../../components/status-chip";
import { whose } from "../../../lib/acting-for";
import { dayHeadingParts, formatDateTime, formatTime } from "../../../lib/format";
import { currentLanguage, withTexts } from "../../../lib/i18n";
import { lazyComponent } from "../../../lib/lazy-component";
import { COUNTDOWN_FROM_MINUTES, countdownParts, minutesUntil } from "../countdown";

// The allergens' words load only for a card that matches the customer's allergies, or when its
// list of allergens is opened (the /my first-load budget).
const loadAllergenNotes = () => withTexts("myAllergens", import("./allergen-notes"));
const AllergenNotes = lazyComponent(loadAllergenNotes, (m) => m.AllergenNotes);
const DeclaredAllergens = lazyComponent(loadAllergenNotes, (m) => m.DeclaredAllergens);

/** A dish's allergens behind a native disclosure, their words loaded when it opens. */
function DishAllergens({ item }: { item: NonNullable<MyMenuDay["item"]> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Typography component="details" variant="body2" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <Box component="summary" sx={{ cursor: "pointer", minHeight: 24 }}>
        {t("my.menu.dishAllergens", { count: item.allergens.length })}
      </Box>
      {open ? (
        <Suspense fallback={null}>
          <DeclaredAllergens allergens={item.allergens} language={currentLanguage()} />
        </Suspense>
      ) : null}
    </Typography>
  );
}

type DayCardProps = {
  day: MyMenuDay;
  now: Date;
  timeZone: string;
  onOrder: (day: MyMenuDay) => void;
  /** The order button is about to be used (pointer or focus on it): start loading the dialog. */
  onReach: () => void;
  /** Today's card is marked "Vandag". */
  isToday?: boolean;
};

/** Whether the day can be ordered now: the server said so and its cut-off has not passed since. */
export function isOpen(day: MyMenuDay, now: Date): boolean {
  return day.orderable && day.item !== null && (day.cutoffAt === null || minutesUntil(day.cutoffAt, now) > 0);
}

function CutoffLine({ day, now, timeZone }: Pick<DayCardProps, "day" | "now" | "timeZone">) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (!day.cutoffAt) return null;
  const minutes = minutesUntil(day.cutoffAt, now);
  const { hours, minutes: rest } = countdownParts(minutes);
  const time = formatTime(day.cutoffAt, timeZone, language);
  const text =
    minutes >= COUNTDOWN_FROM_MINUTES
      ? t("my.menu.orderBefore", { moment: formatDateTime(day.cutoffAt, timeZone, language) })
      : hours > 0
        ? t("my.menu.closesInHours", { time, hours, minutes: rest })
        : t("my.menu.closesInMinutes", { time, count: rest });
  return (
    <Typography variant="body2" sx={{ display: "flex", alignItems: "center", gap: 0.75 }}>
      <AccessTime fontSize="small" aria-hidden="true" />
      {text}
    </Typography>
  );
}

function ClosedLine({ day }: { day: MyMenuDay }) {
  const { t } = useTranslation();
  const reason = day.closedReason === "beyond_horizon" ? "notYet" : "closed";
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
      <Chip
        icon={<LockOutlined aria-hidden="true" />}
        label={t(`my.menu.${reason}`)}
        size="small"
        variant="outlined"
      />
      <Typography variant="body2" color="text.secondary">
        {t(`my.menu.${reason}Hint`)}
      </Typography>
    </Stack>
  );
}

/** One school day: its dish, whether it can still be ordered (a countdown, or "Gesluit"), and my orders for it. */
export function DayCard({ day, now, timeZone, onOrder, onReach, isToday = false }: DayCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const heading = dayHeadingParts(day.date, currentLanguage());
  const open = isOpen(day, now);
  const myOrders = day.orders.filter((order) => order.status !== "cancelled" && order.status !== "failed");
  const notesId = useId();
  const blockedId = useId();
  // The server refuses it too; the card says so before anyone tries.
  const blocked = day.item !== null && allergenVerdict(day.item.allergenWarnings) === "blocked";
  const left = day.item?.portionsLeft ?? null;
  const soldOut = left === 0;

  return (
    <Card component="article" aria-labelledby={headingId} variant="outlined">
      {day.item?.imageUrl ? (
        <Box
          component="img"
          src={day.item.imageUrl}
          alt=""
          loading="lazy"
          width={600}
          height={300}
          sx={{ display: "block", width: "100%", height: "auto", aspectRatio: "2 / 1", objectFit: "cover" }}
        />
      ) : null}
      <CardContent component={Stack} spacing={1.5}>
        <Typography
          id={headingId}
          variant="overline"
          component="h2"
          sx={{ lineHeight: 1.5, fontSize: "0.85rem" }}
        >
          {heading.weekday} {heading.date}
          {isToday ? (
            <Chip
              label={t("my.menu.today")}
              color="primary"
              size="small"
              sx={{ ml: 1, verticalAlign: "baseline" }}
            />
          ) : null}
        </Typography>
        {day.item ? (
          <>
            <Box sx={{ display: "flex", justifyContent: "space-between", gap: 2, alignItems: "baseline" }}>
              <Typography variant="h6" component="p" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
                {day.item.name}
              </Typography>
              <Typography variant="h6" component="p" sx={{ whiteSpace: "nowrap" }}>
                {formatRand(day.item.price)}
              </Typography>
            </Box>
            {day.item.description ? (
              <Typography color="text.secondary">{day.item.description}</Typography>
            ) : null}
            {left !== null && left <= FEW_PORTIONS_LEFT ? (
              <Chip
                label={soldOut ? t("my.menu.soldOut") : t("my.menu.fewLeft", { count: left })}
                color={soldOut ? "error" : "warning"}
                size="small"
                sx={{ alignSelf: "flex-start", fontWeight: 600 }}
              />
            ) : null}
            {day.item.allergensChecked === null ? (
              <Chip
                label={t("my.menu.allergensUnchecked")}
                size="small"
                variant="outlined"
                sx={{ alignSelf: "flex-start" }}
              />
            ) : null}
            {day.item.allergenWarnings.length > 0 ? (
              <Suspense fallback={null}>
                <AllergenNotes item={day.item} id={notesId} language={currentLanguage()} />
              </Suspense>
            ) : null}
            {day.item.allergens.length > 0 ? <DishAllergens item={day.item} /> : null}
          </>
        ) : (
          <Typography color="text.secondary">{t("my.menu.noItem")}</Typography>
        )}
        {myOrders.length > 0 ? (
          <Box sx={{ p: 1.5, borderRadius: 1, bgcolor: "action.hover" }}>
            <Typography variant="subtitle2" component="p">
              {t("my.menu.yourOrders")}
            </Typography>
            {myOrders.map((order) => (
              <Box
                key={order.id}
                sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap", mt: 0.5 }}
              >
                <Typography component="span">
                  {t("my.menu.orderLine", { count: order.quantity, total: formatRand(order.total) })}
                </Typography>
                <StatusChip status={order.status} />
              </Box>
            ))}
            <Link
              component={RouterLink}
              to={ROUTES.myOrders}
              sx={{ display: "inline-block", mt: 1, py: 0.5 }}
            >
              {t("my.menu.seeOrders")}
            </Link>
          </Box>
        ) : null}
        {day.item ? (
          open ? (
            // A dish I may not order has no "Bestel voor …": it says why instead.
            blocked ? null : (
              <CutoffLine day={day} now={now} timeZone={timeZone} />
            )
          ) : (
            <ClosedLine day={day} />
          )
        ) : null}
        {open && day.item ? (
          <Button
            variant="contained"
            size="large"
            fullWidth
            disabled={blocked || soldOut}
            onClick={() => onOrder(day)}
            onPointerEnter={onReach}
            onFocus={onReach}
            sx={{ minHeight: 48 }}
            // A screen reader hears the day, and before ordering a dish with my allergies, why to mind it.
            aria-describedby={
              blocked
                ? `${blockedId} ${notesId}`
                : day.item && day.item.allergenWarnings.length > 0
                  ? `${headingId} ${notesId}`
                  : headingId
            }
          >
            {soldOut
              ? t("my.menu.soldOut")
              : myOrders.length > 0
                ? t("my.menu.orderMore")
                : t("my.menu.order")}
          </Button>
        ) : null}
        {open && blocked ? (
          <Typography id={blockedId} variant="body2" color="error" sx={{ fontWeight: 600 }}>
            {t("my.menu.allergenBlocked", { context: whose() })}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}

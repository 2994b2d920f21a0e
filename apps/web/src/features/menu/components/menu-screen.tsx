import type { FoodItem, WeeklyMenu } from "@kantien/domain/admin-data";
import {
  addDaysIso,
  type IsoDate,
  isIsoDate,
  isoWeekday,
  mondayOf,
  todayIn,
  WEEKDAYS,
} from "@kantien/domain/dates";
import { message } from "@kantien/domain/messages";
import { copyableWeekdays, defaultMenuWeek, listMenuWeeks, type MenuWeek } from "@kantien/domain/weekly-menu";
import AddIcon from "@mui/icons-material/Add";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { LoadError } from "../../../components/load-error";
import { useNotice } from "../../../components/notice";
import { PageTitle } from "../../../components/page-title";
import { errorMessage } from "../../../lib/api-client";
import { useCanteenTimeZone } from "../../../lib/app-config";
import { useFocusAfterDialog } from "../../../lib/focus";
import { formatDate, schoolWeekParts } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";
import { textParam, useAddressState } from "../../../lib/list-params";
import { useCopyWeek } from "../api/copy-week";
import { useCreateWeeklyMenu } from "../api/create-weekly-menu";
import { useDeleteFoodItem } from "../api/delete-food-item";
import { useFoodItems } from "../api/get-food-items";
import { useWeeklyMenus } from "../api/get-weekly-menus";
import { CreateMenuDialog } from "./create-menu-dialog";
import { DayCard } from "./day-card";
import { FoodItemDialog, type FoodItemDialogMode } from "./food-item-dialog";
import { WeekPicker } from "./week-picker";

/**
 * Weekly menu management (/menu), admin only. One week at a time, by its Monday in the address
 * (a reload or a shared link keeps it). It opens, as the spec asks, on the upcoming menu week
 * closest to today (this week on a Monday), else the first menu week, else this week; "Hierdie
 * week" is one click away.
 */
export function MenuScreen() {
  const { t } = useTranslation();
  const timeZone = useCanteenTimeZone();
  const today = todayIn(timeZone);
  const menus = useWeeklyMenus();
  const notify = useNotice();
  const language = currentLanguage();
  const [createOpen, setCreateOpen] = useState(false);
  const address = useAddressState({ week: textParam });

  const weeks = listMenuWeeks(menus.data ?? [], today);
  // The week asked for in the address, else the menu's default week.
  const shownMonday = (asked: string | null): IsoDate =>
    asked && isIsoDate(asked) && isoWeekday(asked) === 1
      ? asked
      : (defaultMenuWeek(weeks, today)?.dateFrom ?? mondayOf(today));
  const monday = shownMonday(address.params.week);
  const week = weeks.find((w) => w.dateFrom === monday) ?? null;
  const show = (next: IsoDate) => address.change({ week: next });
  const shift = (days: number) =>
    address.change(({ week }) => ({ week: addDaysIso(shownMonday(week), days) }));

  return (
    <Stack spacing={3}>
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "flex-start", gap: 2 }}>
        <PageTitle>{t("screens.menu.title")}</PageTitle>
        {/* The dialog proposes the week after the latest menu: not before the menus are known. */}
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          disabled={!menus.isSuccess}
          onClick={() => setCreateOpen(true)}
        >
          {t("screens.menu.createMenu")}
        </Button>
      </Box>
      {menus.isPending ? (
        <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
          <CircularProgress aria-label={t("app.loadingPage")} />
        </Box>
      ) : menus.isError ? (
        <LoadError error={menus.error} onRetry={() => void menus.refetch()} />
      ) : (
        <>
          <Box
            sx={{
              display: "flex",
              justifyContent: "space-between",
              alignItems: "center",
              gap: 2,
              flexWrap: "wrap",
            }}
          >
            <WeekPicker monday={monday} today={today} onChange={show} onShift={shift} />
            <CopyWeekButton monday={monday} today={today} weeks={weeks} />
          </Box>
          {week ? (
            <WeekDays menuId={week.menu.id} />
          ) : (
            <EmptyWeek monday={monday} today={today} onCreated={(menu) => show(menu.date_from)} />
          )}
        </>
      )}
      {createOpen ? (
        <CreateMenuDialog
          open
          today={today}
          menus={menus.data ?? []}
          onClose={() => setCreateOpen(false)}
          onCreated={(menu) => {
            show(menu.date_from);
            notify({
              severity: "success",
              text: t("screens.menu.notices.created", {
                from: formatDate(menu.date_from, language),
                to: formatDate(menu.date_to, language),
              }),
            });
          }}
        />
      ) : null}
    </Stack>
  );
}

/** A week without a menu: made in one click while its Monday is still to come. */
function EmptyWeek({
  monday,
  today,
  onCreated,
}: {
  monday: IsoDate;
  today: IsoDate;
  onCreated: (menu: WeeklyMenu) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateWeeklyMenu();
  const notify = useNotice();
  const canCreate = monday > today;
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: "center" }}>
      <Typography variant="h6" component="h2">
        {t("screens.menu.noMenuThisWeek")}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: canCreate ? 2 : 0 }}>
        {canCreate ? t("screens.menu.noMenuThisWeekBody") : t("screens.menu.noMenuPastWeek")}
      </Typography>
      {canCreate ? (
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          disabled={create.isPending}
          onClick={() =>
            create.mutate(
              { date_from: monday, date_to: addDaysIso(monday, 4) },
              {
                onSuccess: onCreated,
                onError: (error) => notify({ severity: "error", text: errorMessage(error, t("errors.add")) }),
              },
            )
          }
        >
          {t("screens.menu.createThisWeek")}
        </Button>
      ) : null}
    </Paper>
  );
}

/**
 * "Kopieer verlede week": says what it would copy (the weeks and how many dishes) and asks first;
 * an empty last week, a week that has dishes or no days left is said at once, in the server's
 * own words (the same rules, domain weekly-menu.ts), which the server checks again.
 */
function CopyWeekButton({
  monday,
  today,
  weeks,
}: {
  monday: IsoDate;
  today: IsoDate;
  weeks: MenuWeek<WeeklyMenu>[];
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const notify = useNotice();
  const copy = useCopyWeek();
  const [asking, setAsking] = useState(false);
  const previous = addDaysIso(monday, -7);
  const source = useFoodItems(weeks.find((w) => w.dateFrom === previous)?.menu.id ?? null);
  const target = useFoodItems(weeks.find((w) => w.dateFrom === monday)?.menu.id ?? null);
  const days = copyableWeekdays(monday, today);
  const dishes = (source.data ?? []).filter((item) => days.includes(item.day_of_week));
  const unchecked = dishes.filter((item) => item.allergensChecked === null).length;
  const loading = source.isLoading || target.isLoading;
  const weekText = (start: IsoDate) => t("screens.menu.weekHeading", schoolWeekParts(start, language));

  const start = () => {
    const refusal =
      days.length === 0
        ? "menu_copy_no_days_left"
        : dishes.length === 0
          ? "menu_copy_source_empty"
          : (target.data ?? []).length > 0
            ? "menu_copy_target_not_empty"
            : null;
    if (refusal) notify({ severity: "info", text: message(refusal, language) });
    else setAsking(true);
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ContentCopyIcon />}
        disabled={loading || copy.isPending}
        onClick={start}
      >
        {t("screens.menu.copyWeek.button")}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t("screens.menu.copyWeek.title")}
        message={[
          t("screens.menu.copyWeek.confirm", {
            count: dishes.length,
            from: weekText(previous),
            to: weekText(monday),
          }),
          // Their checks go with them: an unchecked dish goes onto the new week unchecked, and the admin is told.
          ...(unchecked > 0 ? [t("screens.menu.copyWeek.unchecked", { count: unchecked })] : []),
        ].join(" ")}
        confirmLabel={t("screens.menu.copyWeek.submit")}
        cancelLabel={t("common.cancel")}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          copy.mutate(monday, {
            onSuccess: (copied) =>
              notify({
                severity: "success",
                text: t("screens.menu.copyWeek.done", { count: copied.copied, to: weekText(monday) }),
              }),
            onError: (error) => notify({ severity: "error", text: errorMessage(error, t("errors.add")) }),
          });
        }}
      />
    </>
  );
}

/** After a delete the focus stays on the day whose item went (its card), not on <body>. */
function focusDay(day: string | undefined) {
  if (day) document.querySelector<HTMLElement>(`[data-day="${day}"]`)?.focus();
}

/** The selected week's five day cards with their dialogs. */
function WeekDays({ menuId }: { menuId: string }) {
  const { t } = useTranslation();
  const items = useFoodItems(menuId);
  const remove = useDeleteFoodItem(menuId);
  const notify = useNotice();
  const [dialog, setDialog] = useState<FoodItemDialogMode | null>(null);
  const [deleting, setDeleting] = useState<FoodItem | null>(null);
  const afterDelete = useFocusAfterDialog();
  const list = items.data ?? [];

  if (items.isPending)
    return (
      <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
        <CircularProgress aria-label={t("app.loadingPage")} />
      </Box>
    );
  if (items.isError) return <LoadError error={items.error} onRetry={() => void items.refetch()} />;

  return (
    <>
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", lg: "repeat(5, 1fr)" },
        }}
      >
        {WEEKDAYS.map((day) => (
          <DayCard
            key={day}
            day={day}
            item={list.find((item) => item.day_of_week === day)}
            onAdd={() => setDialog({ kind: "add", day })}
            onEdit={(item) => setDialog({ kind: "edit", item })}
            onReplace={(item) => setDialog({ kind: "replace", item })}
            onDelete={setDeleting}
          />
        ))}
      </Box>
      {dialog ? (
        <FoodItemDialog menuId={menuId} mode={dialog} items={list} onClose={() => setDialog(null)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t("screens.menu.deleteTitle")}
        message={t("screens.menu.deleteConfirm")}
        confirmLabel={t("screens.menu.delete")}
        cancelLabel={t("common.cancel")}
        destructive
        transition={afterDelete.transition}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const item = deleting;
          const day = deleting?.day_of_week;
          if (item) {
            remove.mutate(item.id, {
              onSuccess: () => {
                notify({
                  severity: "success",
                  text: t("screens.menu.notices.itemDeleted", { name: item.name }),
                });
                afterDelete.whenClosed(() => focusDay(day));
              },
              onError: (error) =>
                notify({ severity: "error", text: errorMessage(error, t("errors.remove")) }),
            });
          }
          setDeleting(null);
        }}
      />
    </>
  );
}

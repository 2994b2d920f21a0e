import type { FoodItem, WeeklyMenu } from "@kantien/domain/admin-data";
import { todayIn, WEEKDAYS } from "@kantien/domain/dates";
import { defaultMenuWeek, listMenuWeeks } from "@kantien/domain/weekly-menu";
import AddIcon from "@mui/icons-material/Add";
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
import { formatDate } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";
import { textParam, useAddressState } from "../../../lib/list-params";
import { useDeleteFoodItem } from "../api/delete-food-item";
import { useFoodItems } from "../api/get-food-items";
import { useWeeklyMenus } from "../api/get-weekly-menus";
import { CreateMenuDialog } from "./create-menu-dialog";
import { DayCard } from "./day-card";
import { FoodItemDialog, type FoodItemDialogMode } from "./food-item-dialog";
import { monthOf, type WeekFilter, WeekFilters, yearOf } from "./week-filters";

/** Weekly menu management (/menu), admin only. */
export function MenuScreen() {
  const { t } = useTranslation();
  const timeZone = useCanteenTimeZone();
  const today = todayIn(timeZone);
  const menus = useWeeklyMenus();
  const notify = useNotice();
  const language = currentLanguage();
  const [chosen, setChosen] = useState<WeekFilter | null>(null);
  const [createOpen, setCreateOpen] = useState(false);
  // The chosen week's Monday lives in the address, so a reload or a shared link keeps it.
  const address = useAddressState({ week: textParam });

  const weeks = listMenuWeeks(menus.data ?? [], today);
  const initial = weeks.find((w) => w.dateFrom === address.params.week) ?? defaultMenuWeek(weeks, today);
  const filter: WeekFilter | null =
    chosen ?? (initial ? { year: yearOf(initial), month: monthOf(initial), weekId: initial.menu.id } : null);
  const week = weeks.find((w) => w.menu.id === filter?.weekId) ?? null;

  const choose = (
    next: WeekFilter,
    monday = (menus.data ?? []).find((m) => m.id === next.weekId)?.date_from,
  ) => {
    setChosen(next);
    address.change({ week: monday ?? null });
  };
  // A menu just created is not in the list yet: its own Monday goes to the address.
  const selectMenu = (menu: WeeklyMenu) =>
    choose(
      {
        year: Number(menu.date_from.slice(0, 4)),
        month: Number(menu.date_from.slice(5, 7)),
        weekId: menu.id,
      },
      menu.date_from,
    );

  return (
    <Stack spacing={3}>
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "flex-start", gap: 2 }}>
        <PageTitle>{t("screens.menu.title")}</PageTitle>
        {weeks.length > 0 ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreateOpen(true)}>
            {t("screens.menu.createMenu")}
          </Button>
        ) : null}
      </Box>
      {menus.isPending ? (
        <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
          <CircularProgress aria-label={t("app.loadingPage")} />
        </Box>
      ) : menus.isError ? (
        <LoadError error={menus.error} onRetry={() => void menus.refetch()} />
      ) : weeks.length === 0 || !filter ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: "center" }}>
          <Typography variant="h6" component="h2">
            {t("screens.menu.noMenus")}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t("screens.menu.noMenusBody")}
          </Typography>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreateOpen(true)}>
            {t("screens.menu.createMenu")}
          </Button>
        </Paper>
      ) : (
        <>
          <WeekFilters weeks={weeks} filter={filter} onChange={(next) => choose(next)} />
          {week ? (
            <WeekDays menuId={week.menu.id} />
          ) : (
            <Typography color="text.secondary">{t("screens.menu.noWeeksInFilter")}</Typography>
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
            selectMenu(menu);
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

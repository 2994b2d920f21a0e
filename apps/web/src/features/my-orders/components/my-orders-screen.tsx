import { formatRand } from "@kantien/domain/money";
import type { MyOrder } from "@kantien/domain/my";
import { cancelRefund } from "@kantien/domain/order-cancel";
import { ROUTES } from "@kantien/domain/route-access";
import Button from "@mui/material/Button";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { LoadError } from "../../../components/load-error";
import { useNotice } from "../../../components/notice";
import { PageTitle } from "../../../components/page-title";
import { whose } from "../../../lib/acting-for";
import { errorMessage } from "../../../lib/api-client";
import { useCanteenTimeZone } from "../../../lib/app-config";
import { type MyOrderScope, myOrdersQueryOptions, useCancelMyOrder } from "../api/my-orders";
import { MyOrderCard } from "./my-order-card";

/** `/my/orders`: upcoming and past orders, live (the layout's event stream), cancel before the cut-off. */
export function MyOrdersScreen() {
  const { t } = useTranslation();
  const notify = useNotice();
  const timeZone = useCanteenTimeZone();
  const [scope, setScope] = useState<MyOrderScope>("upcoming");
  const [cancelling, setCancelling] = useState<MyOrder | null>(null);
  const orders = useInfiniteQuery(myOrdersQueryOptions(scope));
  const cancel = useCancelMyOrder();
  const rows = orders.data?.pages.flatMap((page) => page.data);

  // What the cancel will do to the money, by the server's rule.
  const cancelMessage = (order: MyOrder | null) => {
    const refund = order ? cancelRefund(order) : null;
    return refund
      ? t("my.orders.cancelBody", { context: whose(), total: formatRand(refund) })
      : t("my.orders.cancelBodyUnpaid");
  };
  const confirmCancel = () => {
    const order = cancelling;
    setCancelling(null);
    if (!order) return;
    cancel.mutate(order.id, {
      onSuccess: (answer) => notify({ severity: "success", text: answer.message }),
      onError: (error) => notify({ severity: "error", text: errorMessage(error, t("errors.update")) }),
    });
  };

  return (
    <>
      <PageTitle>{t("my.orders.title")}</PageTitle>
      <Tabs
        value={scope}
        onChange={(_, value: MyOrderScope) => setScope(value)}
        variant="fullWidth"
        sx={{ mb: 2 }}
        aria-label={t("my.orders.title")}
      >
        <Tab value="upcoming" label={t("my.orders.upcoming")} sx={{ minHeight: 48 }} />
        <Tab value="past" label={t("my.orders.past")} sx={{ minHeight: 48 }} />
      </Tabs>
      {orders.isError && !rows ? (
        <LoadError error={orders.error} onRetry={() => void orders.refetch()} />
      ) : null}
      <Stack spacing={2} aria-busy={orders.isFetching}>
        {rows === undefined && orders.isPending
          ? [0, 1].map((key) => <Skeleton key={key} variant="rounded" height={140} />)
          : null}
        {rows?.length === 0 ? (
          <Stack spacing={2} sx={{ alignItems: "flex-start", py: 2 }}>
            <Typography>
              {t(scope === "upcoming" ? "my.orders.emptyUpcoming" : "my.orders.emptyPast")}
            </Typography>
            {scope === "upcoming" ? (
              <Button component={RouterLink} to={ROUTES.myMenu} variant="contained" size="large">
                {t("my.orders.toMenu")}
              </Button>
            ) : null}
          </Stack>
        ) : null}
        {rows?.map((order) => (
          <MyOrderCard key={order.id} order={order} timeZone={timeZone} onCancel={setCancelling} />
        ))}
        {orders.hasNextPage ? (
          <Button
            size="large"
            onClick={() => void orders.fetchNextPage()}
            disabled={orders.isFetchingNextPage}
            sx={{ alignSelf: "center" }}
          >
            {orders.isFetchingNextPage ? t("my.loadingMore") : t("my.showMore")}
          </Button>
        ) : null}
      </Stack>
      <ConfirmDialog
        open={cancelling !== null}
        title={t("my.orders.cancelTitle", { item: cancelling?.item.name ?? "" })}
        message={cancelMessage(cancelling)}
        confirmLabel={t("my.orders.cancelConfirm")}
        cancelLabel={t("my.orders.keep")}
        onConfirm={confirmCancel}
        onCancel={() => setCancelling(null)}
        destructive
      />
    </>
  );
}

import type { KitchenOrder } from "@kantien/domain/kitchen";
import { KITCHEN_COLUMNS, type KitchenColumn } from "@kantien/domain/order-status";
import Box from "@mui/material/Box";
import type { CardContext } from "./order-card";
import { OrderColumn } from "./order-column";

/** From this width the three columns stand side by side; below it the kitchen mode shows tabs. */
export const SIDE_BY_SIDE = "(min-width: 768px)";

type BoardColumnsProps = {
  /** The day's orders by column; undefined while the day loads. */
  columns: Record<KitchenColumn, KitchenOrder[]> | undefined;
  context: CardContext;
  newIds: ReadonlySet<string>;
  kitchenMode: boolean;
  /** On a phone in the kitchen mode: the one column its tab shows, without its heading. */
  tab: KitchenColumn | null;
};

/** The board's columns, Om te doen, Besig and Gereed; in the kitchen mode each scrolls on its own. */
export function BoardColumns({ columns, context, newIds, kitchenMode, tab }: BoardColumnsProps) {
  const shown = tab ? KITCHEN_COLUMNS.filter((status) => status === tab) : KITCHEN_COLUMNS;
  return (
    <Box
      sx={{
        display: "grid",
        gap: 2,
        gridTemplateColumns: "minmax(0, 1fr)",
        [`@media ${SIDE_BY_SIDE}`]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" },
        ...(kitchenMode && { flex: "1 1 0", minHeight: 0, gridTemplateRows: "minmax(0, 1fr)" }),
      }}
    >
      {shown.map((status) => (
        <OrderColumn
          key={status}
          status={status}
          orders={columns?.[status]}
          context={context}
          newIds={newIds}
          fill={kitchenMode ? "cell" : "window"}
          hideHeading={tab !== null}
        />
      ))}
    </Box>
  );
}

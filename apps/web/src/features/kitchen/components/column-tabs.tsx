import { KITCHEN_COLUMNS, type KitchenColumn } from "@kantien/domain/order-status";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import { useTranslation } from "react-i18next";

type ColumnTabsProps = {
  value: KitchenColumn;
  onChange: (column: KitchenColumn) => void;
  /** A column's tab text, with its count. */
  label: (column: KitchenColumn) => string;
};

/** On a narrow screen the board shows one column at a time, chosen with these tabs. */
export function ColumnTabs({ value, onChange, label }: ColumnTabsProps) {
  const { t } = useTranslation();
  return (
    <Tabs
      value={value}
      onChange={(_event, column: KitchenColumn) => onChange(column)}
      variant="fullWidth"
      aria-label={t("screens.kitchen.columnsLabel")}
      sx={{ position: "sticky", top: 0, zIndex: 2, bgcolor: "background.default" }}
    >
      {KITCHEN_COLUMNS.map((column) => (
        <Tab key={column} value={column} sx={{ minHeight: 56 }} label={label(column)} />
      ))}
    </Tabs>
  );
}

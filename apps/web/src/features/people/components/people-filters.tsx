import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { SearchField } from "../../../components/search-field";
import type { ListParams, ListState } from "../../../lib/list-params";
import type { PeopleTexts } from "./people-table";

type PeopleFiltersProps<Role extends number, Tab extends string> = {
  texts: PeopleTexts;
  list: ListState<ListParams<Role, Tab>>;
  /** The role filter's choices, after 'all roles'. */
  roles: readonly { value: Role; label: string }[];
  tabs: readonly { value: Tab; label: string }[];
};

/** The search, role filter and tabs above a people list (/users and /staff). */
export function PeopleFilters<Role extends number, Tab extends string>({
  texts,
  list,
  roles,
  tabs,
}: PeopleFiltersProps<Role, Tab>) {
  const { t } = useTranslation();
  const { params, change } = list;

  return (
    <>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <SearchField label={t(`${texts}.search`)} value={params.q} onSearch={(q) => change({ q })} />
        <TextField
          select
          size="small"
          label={t(`${texts}.roleFilter`)}
          value={params.role ?? "all"}
          onChange={(event) => {
            const value = event.target.value;
            change({ role: roles.find((role) => String(role.value) === value)?.value ?? null });
          }}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="all">{t(`${texts}.allRoles`)}</MenuItem>
          {roles.map((role) => (
            <MenuItem key={role.value} value={String(role.value)}>
              {role.label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Tabs
        value={params.tab}
        onChange={(_event, tab: Tab) => change({ tab })}
        aria-label={t(`${texts}.tabsLabel`)}
        variant="scrollable"
        allowScrollButtonsMobile
        // Primary blue text fails 4.5:1 on the dark background; the indicator marks the tab.
        sx={{ "& .MuiTab-root.Mui-selected": { color: "text.primary" } }}
      >
        {tabs.map((tab) => (
          <Tab key={tab.value} value={tab.value} label={tab.label} />
        ))}
      </Tabs>
    </>
  );
}

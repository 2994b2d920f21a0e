import { ROLE, roleName } from "@kantien/domain/roles";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Tooltip from "@mui/material/Tooltip";
import { useTranslation } from "react-i18next";
import { useAppConfig } from "../../lib/app-config";

type RoleKey = keyof typeof ROLE;

function roleKey(roleId: number): RoleKey | "unknown" {
  const entry = Object.entries(ROLE).find(([, id]) => id === roleId);
  return entry ? (entry[0] as RoleKey) : "unknown";
}

const visuallyHidden = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;

/** The role name as a chip; what the role may do shows as a tooltip and is read by screen readers. */
export function RoleBadge({ roleId }: { roleId: number }) {
  const { t } = useTranslation();
  const { canteenName } = useAppConfig();
  const name = roleName(roleId, canteenName);
  const description = t(`roles.descriptions.${roleKey(roleId)}`);
  return (
    <>
      <Tooltip title={description} describeChild>
        <Chip size="small" color="secondary" label={name} />
      </Tooltip>
      <Box component="span" sx={visuallyHidden}>
        {description}
      </Box>
    </>
  );
}

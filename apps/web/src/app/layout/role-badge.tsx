import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Tooltip from "@mui/material/Tooltip";
import { useTranslation } from "react-i18next";
import { roleKey, useRoleLabel } from "../../lib/role-label";

const visuallyHidden = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;

/**
 * The role name as a calm chip in the top bar's own colours (a role is no warning); what the
 * role may do shows as a tooltip and is read by screen readers.
 */
export function RoleBadge({ roleId }: { roleId: number }) {
  const { t } = useTranslation();
  const name = useRoleLabel()(roleId);
  const description = t(`roles.descriptions.${roleKey(roleId)}`);
  return (
    <>
      <Tooltip title={description} describeChild>
        <Chip
          size="small"
          variant="outlined"
          label={name}
          sx={{ color: "inherit", borderColor: "currentColor" }}
        />
      </Tooltip>
      <Box component="span" sx={visuallyHidden}>
        {description}
      </Box>
    </>
  );
}

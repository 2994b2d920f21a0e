import { formatRand } from "@kantien/domain/money";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { DetailsTable } from "../../../components/details-table";
import { useCanteenTimeZone } from "../../../lib/app-config";
import { formatDateTime } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";
import { useRoleLabel } from "../../../lib/role-label";
import { PersonDetailDialog } from "../../people/components/person-detail-dialog";
import { useStaffMember } from "../api/get-staff-member";
import { OrderHistoryList } from "./order-history-list";

/** The /staff detail dialog: anyone on the staff screen may look. */
export function StaffDetailDialog({ staffId, onClose }: { staffId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const timeZone = useCanteenTimeZone();
  const roleLabel = useRoleLabel();
  const language = currentLanguage();
  const ordersLabelId = useId();
  const member = useStaffMember(staffId);
  const notSpecified = t("common.notSpecified");

  return (
    <PersonDetailDialog
      person={member}
      title={t("screens.staff.detail.title")}
      loadingLabel={t("screens.staff.loading")}
      maxWidth="sm"
      onClose={onClose}
    >
      {(data) => (
        <Stack spacing={2}>
          {data.invitationPending ? (
            <Chip
              size="small"
              color="warning"
              label={t("screens.staff.invitationPending")}
              sx={{ alignSelf: "flex-start" }}
            />
          ) : null}
          <DetailsTable
            rows={[
              [t("resources.user.fields.email"), data.email],
              [t("resources.user.fields.phone_number"), data.phoneNumber ?? notSpecified],
              [t("resources.user.fields.role_id"), roleLabel(data.roleId)],
              [t("screens.staff.edit.employeeNumber"), data.employeeNumber ?? notSpecified],
              [t("screens.staff.edit.balance"), formatRand(data.balance)],
              [t("screens.staff.edit.totalOrders"), String(data.totalOrders)],
              [t("screens.customers.detail.createdAt"), formatDateTime(data.createdAt, timeZone, language)],
            ]}
          />
          <Box>
            <Typography id={ordersLabelId} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {t("screens.staff.orders.title")}
            </Typography>
            <OrderHistoryList orders={data.orders} labelId={ordersLabelId} />
          </Box>
        </Stack>
      )}
    </PersonDetailDialog>
  );
}

import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { PageTitle } from "../../../components/page-title";
import { BankDetailsSection } from "./bank-details-section";
import { CanteenRulesSection } from "./canteen-rules-section";
import { CounterItemsSection } from "./counter-items-section";
import { PaymentsSection } from "./payments-section";

/**
 * /canteen, "Kantien" (admins): what holds for the whole canteen, apart from anyone's personal
 * settings: its ordering rules and the kitchen's waiting stages (decision 0021), and the bank
 * account customers pay into (decision 0033), online payments (decision 0074), and what the counter
 * sells besides the menu (decision 0070). The server refuses anyone else's save.
 */
export function CanteenScreen() {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <div>
        <PageTitle>{t("screens.canteen.title")}</PageTitle>
        <Typography color="text.secondary">{t("screens.canteen.intro")}</Typography>
      </div>
      <CanteenRulesSection />
      <BankDetailsSection />
      <PaymentsSection />
      <CounterItemsSection />
    </Stack>
  );
}

import { ROUTES } from "@kantien/domain/route-access";
import AccountBalanceWalletIcon from "@mui/icons-material/AccountBalanceWallet";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";

/** The counter's title and what stands beside whatever it does: a top-up, the way back to the board. */
export function CounterHeader({ onTopUp }: { onTopUp: () => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1 }}>
      <Typography variant="h4" component="h1" sx={{ mr: "auto", fontWeight: 600 }}>
        {t("screens.counter.title")}
      </Typography>
      <Button variant="outlined" startIcon={<AccountBalanceWalletIcon />} onClick={onTopUp}>
        {t("screens.counter.topUp")}
      </Button>
      <Button component={RouterLink} to={ROUTES.kitchenMode} startIcon={<ArrowBackIcon />}>
        {t("screens.counter.toBoard")}
      </Button>
    </Box>
  );
}

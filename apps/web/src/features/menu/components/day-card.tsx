import type { FoodItem } from "@kantien/domain/admin-data";
import type { Weekday } from "@kantien/domain/dates";
import { formatRand } from "@kantien/domain/money";
import { cardImageUrl } from "@kantien/domain/uploads";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditIcon from "@mui/icons-material/Edit";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import SwapHorizIcon from "@mui/icons-material/SwapHoriz";
import WarningAmberIcon from "@mui/icons-material/WarningAmber";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import CardMedia from "@mui/material/CardMedia";
import Chip from "@mui/material/Chip";
import Divider from "@mui/material/Divider";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { declarationWords } from "../../../lib/allergen-words";
import { currentLanguage } from "../../../lib/i18n";

type Props = {
  day: Weekday;
  item: FoodItem | undefined;
  onAdd: () => void;
  onEdit: (item: FoodItem) => void;
  onReplace: (item: FoodItem) => void;
  onDelete: (item: FoodItem) => void;
};

/** One school day of the week: its food item, or an empty state inviting to add one. */
export function DayCard({ day, item, onAdd, onEdit, onReplace, onDelete }: Props) {
  const { t } = useTranslation();
  const headingId = useId();
  const dayName = t(`screens.menu.days.${day}`);
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      // Where the focus goes once the day's item is deleted.
      tabIndex={-1}
      data-day={day}
      variant="outlined"
      sx={{ display: "flex", flexDirection: "column", height: "100%" }}
    >
      <Box sx={{ px: 2, pt: 2 }}>
        <Typography id={headingId} variant="h6" component="h2">
          {dayName}
        </Typography>
      </Box>
      {item ? (
        <>
          {item.image_url ? (
            <CardMedia
              component="img"
              image={cardImageUrl(item.image_url)}
              alt={item.name}
              sx={{ height: 140, objectFit: "cover" }}
            />
          ) : null}
          <CardContent sx={{ flex: 1 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {item.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {item.description}
            </Typography>
            <Typography variant="body1" sx={{ fontWeight: 600 }}>
              {formatRand(item.price)}
            </Typography>
            {item.preparation_time != null ? (
              <Typography variant="body2" color="text.secondary">
                {t("screens.menu.prepTime", { minutes: item.preparation_time })}
              </Typography>
            ) : null}
            {item.portions != null ? (
              <Typography variant="body2" color="text.secondary">
                {t("screens.menu.portions", { count: item.portions })}
              </Typography>
            ) : null}
            <AllergenSummary item={item} />
          </CardContent>
          <ItemActions item={item} onEdit={onEdit} onReplace={onReplace} onDelete={onDelete} />
        </>
      ) : (
        <CardContent sx={{ flex: 1, display: "flex", flexDirection: "column", alignItems: "center", gap: 2 }}>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: "center" }}>
            {t("screens.menu.emptyDay")}
          </Typography>
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={onAdd}
            aria-label={t("screens.menu.addItemFor", { day: dayName })}
          >
            {t("screens.menu.addItem")}
          </Button>
        </CardContent>
      )}
    </Card>
  );
}

/**
 * What the dish contains, and, at a glance across the week, a declaration nobody has checked
 * (text and icon, not colour alone): such a dish is never "free of" anything (decision 0041).
 */
function AllergenSummary({ item }: { item: FoodItem }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <>
      {item.allergens.length > 0 ? (
        // "Bevat: gluten, melk; kan bevat: mosterd", as the labels print it.
        <Typography variant="body2" color="text.secondary">
          {declarationWords(item.allergens, language)}
        </Typography>
      ) : null}
      {item.allergensChecked ? null : (
        <Chip
          icon={<WarningAmberIcon />}
          label={t("screens.menu.allergensUnchecked")}
          color="warning"
          size="small"
          // The words wrap in a narrow card rather than be cut: they are the message.
          sx={{
            mt: 1,
            maxWidth: "100%",
            height: "auto",
            py: 0.25,
            "& .MuiChip-label": { whiteSpace: "normal" },
          }}
        />
      )}
    </>
  );
}

/**
 * Edit, the everyday action, as a labelled button; replacing the dish and deleting it, rarer,
 * in a labelled menu, deleting last and apart (it asks again before it deletes).
 */
function ItemActions({
  item,
  onEdit,
  onReplace,
  onDelete,
}: Pick<Props, "onEdit" | "onReplace" | "onDelete"> & { item: FoodItem }) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (action: (item: FoodItem) => void) => () => {
    setAnchor(null);
    action(item);
  };
  return (
    <CardActions sx={{ justifyContent: "space-between", flexWrap: "wrap" }}>
      <Button
        size="small"
        variant="outlined"
        startIcon={<EditIcon />}
        aria-label={t("screens.menu.editItem", { name: item.name })}
        onClick={() => onEdit(item)}
      >
        {t("screens.menu.edit")}
      </Button>
      <Button
        size="small"
        endIcon={<ExpandMoreIcon />}
        aria-label={t("screens.menu.moreFor", { name: item.name })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? "true" : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t("screens.menu.more")}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={choose(onReplace)}>
          <ListItemIcon>
            <SwapHorizIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t("screens.menu.replaceDish")}</ListItemText>
        </MenuItem>
        <Divider />
        <MenuItem onClick={choose(onDelete)} sx={{ color: "error.main" }}>
          <ListItemIcon sx={{ color: "inherit" }}>
            <DeleteOutlineIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t("screens.menu.delete")}</ListItemText>
        </MenuItem>
      </Menu>
    </CardActions>
  );
}

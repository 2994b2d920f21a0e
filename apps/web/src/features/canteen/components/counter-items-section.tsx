import type { AllergenDeclaration, DietTag } from "@kantien/domain/allergens";
import { type CounterItem, counterItemInput, counterStockInput } from "@kantien/domain/counter-items";
import { formatRand, moneyFieldValue } from "@kantien/domain/money";
import AddIcon from "@mui/icons-material/Add";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { AllergenMatrix, DietTags } from "../../../components/allergen-matrix";
import { ImagePicker } from "../../../components/image-picker";
import { MoneyField } from "../../../components/money-field";
import { useNotice } from "../../../components/notice";
import { errorMessage } from "../../../lib/api-client";
import { useCounterItems, useSaveCounterItem, useSetCounterStock } from "../api/counter-items";
import { CanteenSection } from "./canteen-section";

const WIDE_ONLY = { display: { xs: "none", sm: "table-cell" } } as const;
const NARROW_ONLY = { display: { xs: "block", sm: "none" } } as const;

type Editing = { kind: "item"; item: CounterItem | null } | { kind: "stock"; item: CounterItem };

/**
 * /canteen's counter items (admins, docs/decisions/0070-counter-items.md): what the counter sells
 * besides the menu, with today's stock; an item is added or changed in a dialog with its
 * allergens, and a stock is set with why.
 */
export function CounterItemsSection() {
  const { t } = useTranslation();
  const items = useCounterItems();
  const [editing, setEditing] = useState<Editing | null>(null);
  return (
    <CanteenSection part="counter" query={items}>
      {(data) => (
        <Stack spacing={2}>
          {data.items.length === 0 ? (
            <Typography color="text.secondary">{t("screens.canteen.counter.empty")}</Typography>
          ) : (
            <TableContainer>
              <Table
                size="small"
                aria-label={t("screens.canteen.counter.title")}
                sx={{ "& td, & th": { px: { xs: 0.5, sm: 2 } } }}
              >
                <TableHead>
                  <TableRow>
                    <TableCell>{t("screens.canteen.counter.name")}</TableCell>
                    <TableCell align="right" sx={WIDE_ONLY}>
                      {t("screens.canteen.counter.price")}
                    </TableCell>
                    <TableCell align="right" sx={WIDE_ONLY}>
                      {t("screens.canteen.counter.stockToday")}
                    </TableCell>
                    <TableCell align="right">{t("screens.canteen.counter.actions")}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.items.map((item) => (
                    <TableRow key={item.id} sx={{ verticalAlign: "top" }}>
                      <TableCell>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {item.name}
                        </Typography>
                        {/* On a phone the price and stock go under the name: the row keeps its buttons in sight. */}
                        <Typography variant="body2" color="text.secondary" sx={NARROW_ONLY}>
                          {`${formatRand(item.price)} · ${t("screens.canteen.counter.stockToday")}: ${
                            item.stock === null ? t("screens.canteen.counter.noCap") : item.stock
                          }`}
                        </Typography>
                        <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.5, mt: 0.5 }}>
                          {item.category ? (
                            <Chip size="small" variant="outlined" label={item.category} />
                          ) : null}
                          {item.onSale ? null : (
                            <Chip size="small" label={t("screens.canteen.counter.notOnSale")} />
                          )}
                          {item.allergensChecked ? null : (
                            <Chip
                              size="small"
                              variant="outlined"
                              color="warning"
                              label={t("screens.canteen.counter.unchecked")}
                            />
                          )}
                        </Stack>
                      </TableCell>
                      <TableCell align="right" sx={WIDE_ONLY}>
                        {formatRand(item.price)}
                      </TableCell>
                      <TableCell align="right" sx={WIDE_ONLY}>
                        {item.stock === null ? t("screens.canteen.counter.noCap") : item.stock}
                      </TableCell>
                      <TableCell align="right">
                        <Stack
                          direction={{ xs: "column", sm: "row" }}
                          spacing={1}
                          sx={{ justifyContent: "flex-end", alignItems: "flex-end" }}
                        >
                          <Button size="small" onClick={() => setEditing({ kind: "stock", item })}>
                            {t("screens.canteen.counter.stock")}
                          </Button>
                          <Button size="small" onClick={() => setEditing({ kind: "item", item })}>
                            {t("screens.canteen.counter.edit")}
                          </Button>
                        </Stack>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          <Box>
            <Button
              variant="outlined"
              startIcon={<AddIcon />}
              onClick={() => setEditing({ kind: "item", item: null })}
            >
              {t("screens.canteen.counter.add")}
            </Button>
          </Box>
          {editing?.kind === "item" ? (
            <CounterItemDialog item={editing.item} onClose={() => setEditing(null)} />
          ) : null}
          {editing?.kind === "stock" ? (
            <StockDialog item={editing.item} date={data.date} onClose={() => setEditing(null)} />
          ) : null}
        </Stack>
      )}
    </CanteenSection>
  );
}

/** An item added or changed: the server's refusal stays in the dialog with what was typed. */
function CounterItemDialog({ item, onClose }: { item: CounterItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotice();
  const titleId = useId();
  const save = useSaveCounterItem();
  const [name, setName] = useState(item?.name ?? "");
  const [price, setPrice] = useState(item ? moneyFieldValue(item.price) : "");
  const [category, setCategory] = useState(item?.category ?? "");
  const [onSale, setOnSale] = useState(item?.onSale ?? true);
  const [stockCarries, setStockCarries] = useState(item?.stockCarries ?? false);
  const [image, setImage] = useState(item?.imageUrl ?? "");
  const [uploading, setUploading] = useState(false);
  const [allergens, setAllergens] = useState<AllergenDeclaration>(item?.allergens ?? []);
  const [diet, setDiet] = useState<DietTag[]>(item?.diet ?? []);
  const [confirmed, setConfirmed] = useState(item?.allergensChecked !== null && item !== null);
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const body = {
      name,
      price,
      category,
      onSale,
      stockCarries,
      imageUrl: image.trim() === "" ? null : image,
      allergens,
      diet,
      allergensConfirmed: confirmed,
    };
    const checked = counterItemInput.safeParse(body);
    if (!checked.success) {
      setError(t("screens.canteen.counter.invalid"));
      return;
    }
    setError(null);
    save.mutate(
      { id: item?.id ?? null, body },
      {
        onSuccess: (answer) => {
          notify({ severity: "success", text: answer.message });
          onClose();
        },
        onError: (failure) => setError(errorMessage(failure, t("errors.update"))),
      },
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {item
          ? t("screens.canteen.counter.editTitle", { name: item.name })
          : t("screens.canteen.counter.addTitle")}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error ? <Alert severity="error">{error}</Alert> : null}
          <TextField
            label={t("screens.canteen.counter.name")}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
          />
          <MoneyField
            label={t("screens.canteen.counter.price")}
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            required
          />
          <TextField
            label={t("screens.canteen.counter.category")}
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            helperText={t("screens.canteen.counter.categoryHint")}
          />
          <ImagePicker value={image} onChange={setImage} onUploadingChange={setUploading} />
          <FormControlLabel
            control={<Switch checked={onSale} onChange={(e) => setOnSale(e.target.checked)} />}
            label={t("screens.canteen.counter.onSale")}
          />
          <FormControlLabel
            control={<Switch checked={stockCarries} onChange={(e) => setStockCarries(e.target.checked)} />}
            label={t("screens.canteen.counter.stockCarries")}
          />
          <AllergenMatrix
            value={allergens}
            onChange={(next) => {
              setAllergens(next);
              setConfirmed(false);
            }}
          />
          <DietTags value={diet} onChange={setDiet} />
          <FormControlLabel
            control={<Checkbox checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />}
            label={t("screens.canteen.counter.confirm")}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.cancel")}</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending || uploading}>
          {save.isPending ? t("screens.canteen.counter.saving") : t("screens.canteen.counter.save")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Today's stock of an item, or none (no cap), and why it changes: recorded for the bursar. */
function StockDialog({ item, date, onClose }: { item: CounterItem; date: string; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotice();
  const titleId = useId();
  const save = useSetCounterStock();
  const [quantity, setQuantity] = useState(item.stock === null ? "" : String(item.stock));
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const body = { date, quantity: quantity.trim() === "" ? null : Number(quantity), reason };
    if (!counterStockInput.safeParse(body).success) {
      setError(t("screens.canteen.counter.stockInvalid"));
      return;
    }
    setError(null);
    save.mutate(
      { id: item.id, body },
      {
        onSuccess: (answer) => {
          notify({ severity: "success", text: answer.message });
          onClose();
        },
        onError: (failure) => setError(errorMessage(failure, t("errors.update"))),
      },
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t("screens.canteen.counter.stockTitle", { name: item.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error ? <Alert severity="error">{error}</Alert> : null}
          <TextField
            label={t("screens.canteen.counter.quantity")}
            type="number"
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            helperText={t("screens.canteen.counter.quantityHint")}
            slotProps={{ htmlInput: { min: 0, max: 10000, step: 1 } }}
          />
          <TextField
            label={t("screens.canteen.counter.reason")}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
            helperText={t("screens.canteen.counter.reasonHint")}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.cancel")}</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          {save.isPending ? t("screens.canteen.counter.saving") : t("screens.canteen.counter.save")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

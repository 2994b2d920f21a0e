import { formatRand } from "@kantien/domain/money";
import type { CustomerRow } from "@kantien/domain/people";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useCustomerSearch } from "../lib/customer-search";
import { focusOnMount } from "../lib/focus";
import { useDebouncedValue } from "../lib/use-debounced-value";

/** A customer as the picker shows one: the name, what tells them apart, and the balance when known. */
export type CustomerChoice = { id: string; name: string; detail: string; balance?: string };

const choiceOf = (c: CustomerRow): CustomerChoice => ({
  id: c.id,
  name: `${c.firstName} ${c.lastName}`.trim(),
  detail: c.akdNumber ? `${c.email} · ${c.akdNumber}` : c.email,
  balance: c.balance,
});

/**
 * Finds a customer by name, email or academy number as one types (the server searches,
 * `lib/customer-search.ts`), for a dialog that opens to choose one: it takes the focus, unless
 * `focusOnOpen` is false.
 */
export function CustomerPicker({
  value,
  onChange,
  label,
  noOptionsText,
  focusOnOpen = true,
  onCode,
}: {
  value: CustomerChoice | null;
  onChange: (choice: CustomerChoice | null) => void;
  label: string;
  noOptionsText: string;
  focusOnOpen?: boolean;
  /**
   * Called with the field's text on Enter, before it searches: true when it was a code the caller
   * took (a scanned learner's card), which then empties the field.
   */
  onCode?: (text: string) => boolean;
}) {
  const [words, setWords] = useState("");
  const query = useDebouncedValue(words.trim());
  const customers = useCustomerSearch(query, query.length >= 2);
  return (
    <Autocomplete
      value={value}
      onChange={(_, next) => onChange(next)}
      inputValue={words}
      onInputChange={(_, next) => setWords(next)}
      options={(customers.data ?? []).map(choiceOf)}
      // The server searches; every answer it gives is a match.
      filterOptions={(all) => all}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(c) => c.name}
      loading={customers.isFetching}
      noOptionsText={noOptionsText}
      renderOption={({ key, ...props }, c) => (
        <li key={key} {...props}>
          <Box sx={{ display: "flex", justifyContent: "space-between", width: "100%", gap: 2 }}>
            <span>
              {c.name}
              <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                {c.detail}
              </Typography>
            </span>
            {c.balance !== undefined ? <span>{formatRand(c.balance)}</span> : null}
          </Box>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={focusOnOpen ? focusOnMount : undefined}
          label={label}
          sx={{ mt: 1 }}
          onKeyDown={(event) => {
            if (event.key === "Enter" && onCode?.(words)) {
              event.preventDefault();
              setWords("");
            }
          }}
        />
      )}
    />
  );
}

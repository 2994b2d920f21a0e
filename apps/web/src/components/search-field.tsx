import SearchIcon from "@mui/icons-material/Search";
import InputAdornment from "@mui/material/InputAdornment";
import type { SxProps, Theme } from "@mui/material/styles";
import TextField from "@mui/material/TextField";
import { useEffect, useRef, useState } from "react";
import { useDebouncedValue } from "../lib/use-debounced-value";

type SearchFieldProps = {
  label: string;
  /** The search in force (e.g. from the address); typing shows at once, `onSearch` waits. */
  value: string;
  onSearch: (value: string) => void;
  sx?: SxProps<Theme>;
};

/** A search box that asks the server only once typing pauses. */
export function SearchField({ label, value, onSearch, sx }: SearchFieldProps) {
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text);
  // The latest callback and search in force: the settled words alone decide when to search.
  const latest = useRef({ onSearch, value });
  latest.current = { onSearch, value };

  // A search changed elsewhere (back button, a cleared filter) shows in the box.
  useEffect(() => setText(value), [value]);

  useEffect(() => {
    if (settled.trim() !== latest.current.value.trim()) latest.current.onSearch(settled.trim());
  }, [settled]);

  return (
    <TextField
      type="search"
      size="small"
      label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      sx={sx ?? { minWidth: 260, flex: 1, maxWidth: 420 }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

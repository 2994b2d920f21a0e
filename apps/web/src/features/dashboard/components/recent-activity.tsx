import { type ActivityEntry, activityChipColor } from "@kantien/domain/dashboard";
import type { Language } from "@kantien/domain/language";
import { type RelativeTime, relativeTime } from "@kantien/domain/relative-time";
import PersonAddIcon from "@mui/icons-material/PersonAdd";
import ReceiptIcon from "@mui/icons-material/Receipt";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemAvatar from "@mui/material/ListItemAvatar";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import type { TFunction } from "i18next";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useRoleLabel } from "../../../lib/role-label";

/** At most 5 entries. */
const MAX_ENTRIES = 5;

export function formatRelativeTime(time: RelativeTime, t: TFunction): string {
  switch (time.unit) {
    case "now":
      return t("screens.dashboard.time.justNow");
    case "minutes":
      return t("screens.dashboard.time.minutes", { count: time.count });
    case "hours":
      return t("screens.dashboard.time.hours", { count: time.count });
    case "date":
      return time.date;
  }
}

type RecentActivityProps = {
  activity: ActivityEntry[] | undefined;
  loading: boolean;
  now: Date;
  language: Language;
  timeZone: string;
};

/** The latest orders and new users, each with its chip and how long ago. */
export function RecentActivity({ activity, loading, now, language, timeZone }: RecentActivityProps) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const headingId = useId();
  const entries = (activity ?? []).slice(0, MAX_ENTRIES);

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t("screens.dashboard.recentActivity")}
      </Typography>
      {loading ? (
        <Box aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={56} />
          ))}
        </Box>
      ) : activity === undefined ? (
        // Not loaded (the error alert above says why): nothing to claim either way.
        <Typography color="text.secondary">—</Typography>
      ) : entries.length === 0 ? (
        <Typography color="text.secondary">{t("screens.dashboard.noActivity")}</Typography>
      ) : (
        <List aria-labelledby={headingId} disablePadding>
          {entries.map((entry) => {
            const chipLabel =
              entry.status === "completed"
                ? t("screens.dashboard.newUser")
                : t(`resources.order.statuses.${entry.status}`);
            const when = formatRelativeTime(relativeTime(entry.timestamp, now, { language, timeZone }), t);
            return (
              <ListItem
                key={`${entry.type}-${entry.id}`}
                divider
                secondaryAction={
                  <Box sx={{ display: "flex", flexDirection: "column", alignItems: "flex-end", gap: 0.5 }}>
                    <Chip size="small" color={activityChipColor(entry.status)} label={chipLabel} />
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      component="time"
                      dateTime={entry.timestamp}
                    >
                      {when}
                    </Typography>
                  </Box>
                }
                sx={{ pr: 16 }}
              >
                <ListItemAvatar>
                  <Avatar
                    sx={{ bgcolor: entry.type === "order" ? "primary.main" : "success.main" }}
                    aria-hidden="true"
                  >
                    {entry.type === "order" ? <ReceiptIcon /> : <PersonAddIcon />}
                  </Avatar>
                </ListItemAvatar>
                <ListItemText
                  // A long name wraps rather than pushing the page sideways on a phone.
                  sx={{ minWidth: 0, overflowWrap: "anywhere" }}
                  primary={entry.title}
                  secondary={entry.roleId === null ? entry.description : roleLabel(entry.roleId)}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </Paper>
  );
}

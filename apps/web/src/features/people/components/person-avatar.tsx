import Avatar from "@mui/material/Avatar";

/** A person's initials in a circle; the name beside it is what screen readers read. */
export function PersonAvatar({ firstName, lastName }: { firstName: string; lastName: string }) {
  const initials = `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase() || "?";
  return (
    <Avatar
      aria-hidden="true"
      sx={{ width: 36, height: 36, fontSize: 15, bgcolor: "primary.main", color: "primary.contrastText" }}
    >
      {initials}
    </Avatar>
  );
}

import { isStaffRole } from "@kantien/domain/roles";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { AccessDeniedDialog } from "../components/access-denied-dialog";
import { KitchenBoard } from "../features/kitchen/components/kitchen-board";
import { signOut, useSession } from "../lib/session";

/**
 * /kitchen is where a signed-in customer (role 1 or 2) lands; they are never shown staff
 * data, only the access-denied dialog (a deliberate change from spec §2, see the decision record).
 */
export function KitchenGate() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  if (user && !isStaffRole(user.role_id)) {
    const handleSignOut = async () => {
      await signOut(queryClient);
      navigate("/login", { replace: true });
    };
    return <AccessDeniedDialog user={user} action="signOut" onAction={handleSignOut} />;
  }
  return <KitchenBoard />;
}

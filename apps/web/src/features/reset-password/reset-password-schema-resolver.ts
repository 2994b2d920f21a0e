import { zodResolver } from "@hookform/resolvers/zod";
import { newPasswordForm } from "@kantien/domain/auth";

export const resetPasswordResolver = zodResolver(newPasswordForm);

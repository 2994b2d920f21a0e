import { zodResolver } from "@hookform/resolvers/zod";
import { forgotPasswordInput } from "@kantien/domain/auth";

export const forgotPasswordResolver = zodResolver(forgotPasswordInput);

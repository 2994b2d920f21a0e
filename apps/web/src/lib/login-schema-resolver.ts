import { zodResolver } from "@hookform/resolvers/zod";
import { loginInput } from "@kantien/domain/auth";

export const loginResolver = zodResolver(loginInput);

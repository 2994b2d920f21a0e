/** The first worker's server listens here, the next on the next port, and so on. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3107);
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2527);
export const DEMO_PASSWORD = "demo1234";
export const DEMO = {
  admin: { email: "admin@kantien.example", password: DEMO_PASSWORD },
  staff: { email: "kok@kantien.example", password: DEMO_PASSWORD },
  student: { email: "student@kantien.example", password: DEMO_PASSWORD },
  /** A student with consent given and a severe peanut allergy (decision 0041). */
  allergic: { email: "allergie@kantien.example", password: DEMO_PASSWORD },
} as const;

// Build-time environment. Plasmo inlines process.env.PLASMO_PUBLIC_* into the bundles when it builds.
declare namespace NodeJS {
  interface ProcessEnv {
    /** Comma-separated exact portal origins this build trusts, e.g. "https://exam.example.edu". */
    PLASMO_PUBLIC_PORTAL_ORIGINS?: string;
  }
}

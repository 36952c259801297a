/** The site's own text pages (SPEC §2), in the order the footer lists them; the sitemap lists them too. */
export const SITE_PAGES = [
  { href: "/faq", label: "FAQ" },
  { href: "/terms", label: "Terms" },
  { href: "/privacy", label: "Privacy" },
  { href: "/cookie-policy", label: "Cookie policy" },
  { href: "/about-us", label: "About us" },
  { href: "/blog/experience-personalized-ai-chat-with-hot-girls-for-ultimate-fun", label: "Blog" },
  { href: "/event/halloween-2025", label: "Halloween 2025" },
] as const;

export const TERMS_PATH = "/terms";
export const PRIVACY_PATH = "/privacy";

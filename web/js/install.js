// The installed app: one web app manifest per language (web/manifest*.webmanifest), whose name,
// description and shortcuts a launcher shows in the person's own words. The page points its
// <link rel="manifest"> at the current language's; the browser reads it when offering to install.

/** The manifest of `language` (English's is the default the page starts with). */
export function manifestHref(language) {
  return language === "en" ? "/manifest.webmanifest" : `/manifest.${language}.webmanifest`;
}

/** What each shortcut opens, and the dictionary key of its name: a launcher's long-press menu. */
export const shortcuts = [
  { url: "/#/timer", title: "timer.title" },
  { url: "/#/record", title: "proof.title" },
  { url: "/#/lifelog", title: "nav.lifelog" },
];

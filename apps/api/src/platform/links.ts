/**
 * Builds a link into the web app for a mail. The client may send its own base address (spec 000: "the
 * app base address as url"); it is used only when it has the configured public origin, so nobody can
 * have us mail a valid token pointing at a foreign site.
 */
export function appLink(publicUrl: string, clientUrl: string | undefined, path: string): string {
  const base = trustedBase(publicUrl, clientUrl);
  return `${base}${path}`;
}

function trustedBase(publicUrl: string, clientUrl: string | undefined): string {
  if (!clientUrl) return publicUrl;
  try {
    const wanted = new URL(clientUrl);
    const allowed = new URL(publicUrl);
    return wanted.origin === allowed.origin ? wanted.origin : publicUrl;
  } catch {
    return publicUrl;
  }
}

/**
 * Areas that later issues build: their routes show a frame saying what the area will do, and the
 * sidebar does not mark them New (a New tag on a page that does nothing yet misleads).
 */
export const FRAME_PATHS: string[] = [];

export function isFramePath(path: string): boolean {
  return FRAME_PATHS.includes(path.replace(/^\//, ''));
}

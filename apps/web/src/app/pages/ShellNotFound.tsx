import { NotFoundPage } from './StatePages';

/** 404 inside the shell, for signed-in users. */
export default function ShellNotFound() {
  return <NotFoundPage inShell />;
}

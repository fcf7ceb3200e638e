import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { moduleFolderOf } from '../landing.ts';
import { useSession } from '../../session/session-context.ts';
import { NotAllowedPage } from '../shell/not-allowed-page.tsx';

/** Shows a page only when the user's module list holds the module of its address (requirements#shell-screens). */
export function ModuleGate({ children }: { children: ReactNode }) {
  const { hasModule } = useSession();
  const folder = moduleFolderOf(useLocation().pathname);
  if (folder && !hasModule(folder)) return <NotAllowedPage />;
  return children;
}

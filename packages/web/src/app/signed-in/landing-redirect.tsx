import { Navigate } from 'react-router';
import { defaultLanding } from '../landing.ts';
import { useSession } from '../../session/session-context.ts';

/** /gohome: the first module of the landing order that the user has. */
export function LandingRedirect() {
  const { hasModule } = useSession();
  return <Navigate to={defaultLanding(hasModule)} replace />;
}

import type { AlertColor } from '@mui/material';
import { createContext, useContext } from 'react';

export interface MessageBarAction {
  label: string;
  onClick(): void;
}

/** A message under the top bar that stays until hidden, optionally with buttons (requirements#shell-screens). */
export interface MessageBarMessage {
  message: string;
  severity?: AlertColor;
  actions?: MessageBarAction[];
}

export interface MessageBarApi {
  /** shows a message, replacing the one shown */
  show(message: MessageBarMessage): void;
  hide(): void;
}

export const MessageBarContext = createContext<MessageBarApi>({ show: () => undefined, hide: () => undefined });

/** The shell's message bar: for notices that need the user's attention or an action, unlike snackbars. */
export const useMessageBar = () => useContext(MessageBarContext);

import MessagesPage from '@/features/messages/pages/messages-page';
import { useCanOpenLink } from './message-links';

/** /messages: the user's own messages, following only the links this user's grant can open. */
export default function MessagesRoute() {
  return <MessagesPage canOpen={useCanOpenLink()} />;
}

import { Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkOrderEvent } from '@voltfleet/domain/workorders';
import { formatDateTime } from '@/lib/format';

/** What one history line says: who did what (states and field names in the UI language). */
function useEventText() {
  const { t } = useTranslation();
  return (e: WorkOrderEvent): string => {
    const actor = e.actor?.name ?? '—';
    const state = (s: WorkOrderEvent['toState']) => (s ? t(`workOrders.states.${s}`) : '—');
    switch (e.kind) {
      case 'assigned':
        return t('workOrders.events.assigned', { actor, assignee: e.assignee?.name ?? '—' });
      case 'stateChanged':
        return t('workOrders.events.stateChanged', { actor, from: state(e.fromState), to: state(e.toState) });
      case 'edited':
        return t('workOrders.events.edited', {
          actor,
          fields: e.fields.map((f) => t(`workOrders.fields.${f}`)).join(', '),
        });
      default:
        return t(`workOrders.events.${e.kind}`, { actor });
    }
  };
}

/** The full history, oldest first; comments as plain text with their line breaks. */
export function WorkOrderHistory({ events }: { events: readonly WorkOrderEvent[] }) {
  const text = useEventText();
  return (
    <Timeline
      data-testid="work-order-history"
      items={events.map((e) => ({
        key: e.id,
        color: e.kind === 'stateChanged' ? 'blue' : e.kind === 'commented' ? 'green' : 'gray',
        children: (
          <div data-testid={`work-order-event-${e.kind}`}>
            <div>{text(e)}</div>
            {e.comment && <div style={{ whiteSpace: 'pre-wrap' }}>{e.comment}</div>}
            <small style={{ color: 'rgba(0,0,0,0.45)' }}>{formatDateTime(e.at)}</small>
          </div>
        ),
      }))}
    />
  );
}

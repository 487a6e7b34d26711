import { useState } from 'react';
import { Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import '@/components/phone.css';
import { usePhone } from '@/lib/use-phone';
import { notify } from '@/lib/notice';
import { useAcknowledgeAlarms } from '../api/acknowledge-alarms';

/** The server keeps at most this much of a note (domain alarmAckSchema). */
const NOTE_MAX = 500;

/**
 * Acknowledges one or several alarms with one optional note. Acknowledging is separate from recovery: the alarm
 * stays active until its fault is gone; an alarm already acknowledged keeps its first acknowledgement.
 */
export function AckModal({ ids, onClose }: { ids: readonly number[]; onClose: (done: boolean) => void }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const [note, setNote] = useState('');
  const ack = useAcknowledgeAlarms();
  const count = ids.length;

  const confirm = () =>
    ack.mutate(
      { ids: [...ids], note: note.trim() },
      {
        onSuccess: ({ acknowledged }) => {
          notify('success', t('alarms.ackDone', { count: acknowledged }));
          onClose(true);
        },
      },
    );

  return (
    <Modal
      open
      title={t('alarms.ackTitle', { count })}
      // A phone: fields and buttons big enough for a finger (components/phone.css).
      rootClassName={phone ? 'phone-touch' : undefined}
      okText={t('alarms.acknowledge')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: count === 0, 'data-testid': 'alarm-ack-confirm' }}
      confirmLoading={ack.isPending}
      onOk={confirm}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('alarms.ackExplain')}</Typography.Paragraph>
      <label htmlFor="alarm-ack-note">{t('alarms.ackNote')}</label>
      <Input.TextArea
        id="alarm-ack-note"
        data-testid="alarm-ack-note"
        rows={3}
        maxLength={NOTE_MAX}
        showCount
        placeholder={t('alarms.ackNotePlaceholder')}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
    </Modal>
  );
}

import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@voltfleet/domain/i18n';
import {
  NOTICE_BODY_MAX,
  NOTICE_TITLE_MAX,
  noticeDateSchema,
  noticeTextInputSchema,
  noticeVersionSchema,
  type NoticeInput,
} from '@voltfleet/domain/notices';
import { formatBrowserDate } from '@/lib/format';
import { schemaRule, showFormError } from '@/lib/form-rules';
import { LANG_LABELS } from '@/lib/lang';
import { notify } from '@/lib/notice';
import { usePublishNotice } from '../api/publish-notice';

// The domain's own rules, so the form and the server refuse the same values with the same words.
const rules = {
  version: [schemaRule(noticeVersionSchema)],
  date: [schemaRule(noticeDateSchema)],
  title: [schemaRule(noticeTextInputSchema.shape.title)],
  body: [schemaRule(noticeTextInputSchema.shape.body)],
};

/**
 * Publishing an upgrade notice: version, release date, and title and text in every UI language (all four are
 * required, so every user can read it). The languages are stacked rather than tabbed, so a problem in any of them is
 * in sight. Mounted while open, and loaded only then.
 */
export default function PublishNoticeModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NoticeInput>();
  const publish = usePublishNotice();

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return; // the field errors are on the form
    try {
      await publish.mutateAsync(values);
      notify('success', t('notices.published'));
      onClose();
    } catch (error) {
      showFormError(form, error);
    }
  };

  return (
    <Modal
      open
      title={t('notices.publish')}
      okText={t('notices.publish')}
      cancelText={t('common.cancel')}
      confirmLoading={publish.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      width={720}
    >
      <Form
        form={form}
        layout="vertical"
        autoComplete="off"
        data-testid="notice-form"
        initialValues={{ version: '', date: formatBrowserDate() }}
      >
        <p className="notice-meta">{t('notices.plainText')}</p>
        <Form.Item name="version" label={t('notices.version')} rules={rules.version} required>
          <Input placeholder={t('notices.versionHint')} maxLength={16} data-testid="notice-form-version" />
        </Form.Item>
        <Form.Item name="date" label={t('notices.date')} rules={rules.date} required>
          <Input placeholder={t('notices.dateHint')} maxLength={10} data-testid="notice-form-date" />
        </Form.Item>
        {LANGUAGES.map((lang) => (
          <fieldset key={lang} lang={lang} data-testid={`notice-form-${lang}`}>
            <legend>{LANG_LABELS[lang]}</legend>
            <Form.Item name={['texts', lang, 'title']} label={t('notices.noticeTitle')} rules={rules.title} required>
              <Input maxLength={NOTICE_TITLE_MAX} showCount />
            </Form.Item>
            <Form.Item name={['texts', lang, 'body']} label={t('notices.body')} rules={rules.body} required>
              <Input.TextArea rows={4} maxLength={NOTICE_BODY_MAX} showCount />
            </Form.Item>
          </fieldset>
        ))}
      </Form>
    </Modal>
  );
}

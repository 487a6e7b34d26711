import { Suspense, useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ReportTemplate } from '@voltfleet/domain/reports';
import { Can } from '@/components/can';
import { PageHeader } from '@/components/page-header';
import { lazyLoad } from '@/lib/lazy-load';
import { usePageName } from '@/lib/page-name';
import { notifySuccess } from '@/lib/success';
import { useDeleteReportTemplate } from '../api/delete-report-template';
import { useReportTemplates } from '../api/get-report-templates';
import { TemplateTable } from '../components/template-table';

// The form (device search, catalogue) loads when first opened, keeping the list light.
const TemplateForm = lazyLoad(() => import('../components/template-form'));

/** /userCenter/myTemplate (D/E): the caller's and their subordinates' report templates; the saver edits (template.edit). */
export default function MyTemplatePage() {
  return <MyTemplatePageContent />;
}

function MyTemplatePageContent() {
  const { t } = useTranslation();
  const title = usePageName('myTemplate');
  const templates = useReportTemplates();
  const remove = useDeleteReportTemplate();
  const [editing, setEditing] = useState<{ template: ReportTemplate | null } | null>(null);
  return (
    <>
      <PageHeader
        title={title}
        extra={
          <Can code="D/E:template.edit">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="template-add"
              onClick={() => setEditing({ template: null })}
            >
              {t('reports.addTemplate')}
            </Button>
          </Can>
        }
      />
      <TemplateTable
        templates={templates.data ?? []}
        loading={templates.isFetching}
        onEdit={(template) => setEditing({ template })}
        onDelete={(template) => remove.mutate(template.id, { onSuccess: () => notifySuccess('success.deleted') })}
      />
      {editing && (
        <Suspense fallback={null}>
          <TemplateForm template={editing.template} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </>
  );
}

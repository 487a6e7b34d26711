import { Button, Popconfirm, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { reportIndexName, type ReportTemplate } from '@voltfleet/domain/reports';
import { DataTable, type Column } from '@/components/data-table';
import { formatDateTime } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { message } from '@/lib/i18n';

interface Props {
  templates: readonly ReportTemplate[];
  loading: boolean;
  onEdit: (template: ReportTemplate) => void;
  onDelete: (template: ReportTemplate) => void;
}

/** The templates with their devices, indices, saver and save time (in the viewer's zone); the saver edits. */
export function TemplateTable({ templates, loading, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const canEdit = useCan('D/E:template.edit');
  const columns: Column<ReportTemplate>[] = [
    { dataIndex: 'name', title: t('reports.name'), width: 160 },
    { dataIndex: 'description', title: t('reports.description'), width: 200 },
    {
      key: 'devices',
      title: t('reports.devices'),
      width: 220,
      render: (_, r) => r.devices.map((d) => <Tag key={d.id}>{d.sn}</Tag>),
    },
    {
      key: 'indices',
      title: t('reports.indices'),
      width: 280,
      render: (_, r) => r.indices.map((i) => <Tag key={i}>{reportIndexName(i, message)}</Tag>),
    },
    { dataIndex: 'saverName', title: t('reports.saver'), width: 120 },
    { dataIndex: 'savedAt', title: t('reports.savedAt'), width: 170, render: (v) => formatDateTime(v) },
  ];
  if (canEdit)
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      width: 150,
      fixed: 'right',
      // Only the saver changes a template; a subordinate's is shown for reading and data selection.
      render: (_, r) =>
        r.mine && (
          <Space size={0}>
            <Button type="link" onClick={() => onEdit(r)} data-testid={`template-edit-${r.id}`}>
              {t('common.edit')}
            </Button>
            <Popconfirm
              title={t('reports.deleteConfirm', { name: r.name })}
              okText={t('common.delete')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => onDelete(r)}
            >
              <Button type="link" danger data-testid={`template-delete-${r.id}`}>
                {t('common.delete')}
              </Button>
            </Popconfirm>
          </Space>
        ),
    });
  return (
    <DataTable<ReportTemplate>
      rowKey="id"
      columns={columns}
      dataSource={templates}
      loading={loading}
      data-testid="template-table"
      rowTestId={(r) => `template-row-${r.name}`}
    />
  );
}

import { useState } from 'react';
import { Button, Flex, Input, Segmented, Space } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ActivationStatus, DeviceCredentials, StorageItem } from '@voltfleet/domain/devices';
import { Can } from '@/components/can';
import { PageHeader } from '@/components/page-header';
import { notify } from '@/lib/notice';
import { usePageName } from '@/lib/page-name';
import { DEFAULT_PAGE_SIZE, serverPagination } from '@/lib/paging';
import { useDeactivateDevice } from '../api/deactivate-device';
import { useStorage, type StorageListParams } from '../api/get-storage';
import { useRotateCredentials } from '../api/rotate-credentials';
import { ActivateModal } from '../components/activate-modal';
import { CredentialsDialog } from '../components/credentials-dialog';
import { ImportModal } from '../components/import-modal';
import { StockInModal } from '../components/stock-in-modal';
import { StorageTable } from '../components/storage-table';

type Dialog =
  | { kind: 'stockIn' }
  | { kind: 'import' }
  | { kind: 'activate'; device: StorageItem }
  | { kind: 'credentials'; credentials: DeviceCredentials };

/** /deviceCenter/deviceStorage: stock-in with link credentials, activation into a plant, batch import. */
export default function DeviceStoragePage() {
  const { t } = useTranslation();
  const title = usePageName('deviceStorage');
  const [params, setParams] = useState<StorageListParams>({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const storage = useStorage(params);
  const deactivate = useDeactivateDevice();
  const rotate = useRotateCredentials();
  const close = () => setDialog(null);

  return (
    <>
      <PageHeader
        title={title}
        extra={
          <Space>
            <Can code="B/D:device.import">
              <Button
                icon={<UploadOutlined />}
                data-testid="storage-import"
                onClick={() => setDialog({ kind: 'import' })}
              >
                {t('deviceStorage.import')}
              </Button>
            </Can>
            <Can code="B/D:device.stockIn">
              <Button
                type="primary"
                icon={<PlusOutlined />}
                data-testid="storage-stock-in"
                onClick={() => setDialog({ kind: 'stockIn' })}
              >
                {t('deviceStorage.stockIn')}
              </Button>
            </Can>
          </Space>
        }
      />
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('deviceStorage.searchPlaceholder')}
          style={{ maxWidth: 320 }}
          data-testid="storage-search"
          onSearch={(keyword) => setParams((p) => ({ ...p, keyword: keyword.trim() || undefined, page: 1 }))}
        />
        <Segmented<ActivationStatus | 'all'>
          value={params.status ?? 'all'}
          data-testid="storage-status-filter"
          options={[
            { value: 'all', label: t('deviceStorage.allStatuses') },
            { value: 'awaiting', label: t('deviceStorage.awaiting') },
            { value: 'activated', label: t('deviceStorage.activated') },
          ]}
          onChange={(value) => setParams((p) => ({ ...p, status: value === 'all' ? undefined : value, page: 1 }))}
        />
      </Flex>
      <StorageTable
        devices={storage.data?.items ?? []}
        loading={storage.isFetching}
        pagination={serverPagination(params, storage.data?.total, (page, pageSize) =>
          setParams((p) => ({ ...p, page, pageSize })),
        )}
        onActivate={(device) => setDialog({ kind: 'activate', device })}
        onDeactivate={(device) =>
          deactivate.mutate(device.id, { onSuccess: () => notify('success', t('deviceStorage.unbound')) })
        }
        onRotate={(device) =>
          rotate.mutate(device.id, { onSuccess: (credentials) => setDialog({ kind: 'credentials', credentials }) })
        }
      />
      {dialog?.kind === 'stockIn' && (
        <StockInModal
          onClose={close}
          onDone={(result) =>
            setDialog(result.credentials ? { kind: 'credentials', credentials: result.credentials } : null)
          }
        />
      )}
      {dialog?.kind === 'import' && <ImportModal onClose={close} />}
      {dialog?.kind === 'activate' && <ActivateModal device={dialog.device} onClose={close} />}
      {dialog?.kind === 'credentials' && <CredentialsDialog credentials={dialog.credentials} onClose={close} />}
    </>
  );
}

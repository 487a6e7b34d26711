import { useRef } from 'react';
import { Button, Flex, Image, Popconfirm } from 'antd';
import { CameraOutlined, DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { WORK_ORDER_IMAGE_TYPES, WORK_ORDER_LIMITS, type WorkOrderDetail } from '@voltfleet/domain/workorders';
import { notify } from '@/lib/notice';
import { usePhone } from '@/lib/use-phone';
import { useDeleteWorkOrderImage, useUploadWorkOrderImage, workOrderImageUrl } from '../api/work-order-images';

/** Why a chosen file is refused before it is sent (a quick answer; the server checks the content itself). */
export function clientImageProblem(file: File, count: number): 'imageCount' | 'imageTooBig' | 'imageType' | null {
  if (count >= WORK_ORDER_LIMITS.images) return 'imageCount';
  if (file.size > WORK_ORDER_LIMITS.imageBytes) return 'imageTooBig';
  if (!(WORK_ORDER_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'imageType';
  return null;
}

/** Thumbnails (click to enlarge), upload and removal. */
export function WorkOrderImageList({ order }: { order: WorkOrderDetail }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const phone = usePhone();
  const upload = useUploadWorkOrderImage();
  const remove = useDeleteWorkOrderImage();

  const chosen = (file: File | undefined) => {
    if (!file) return;
    const problem = clientImageProblem(file, order.images.length);
    if (problem) {
      notify('warning', t(`workOrders.${problem}`, { max: WORK_ORDER_LIMITS.images }));
      return;
    }
    upload.mutate({ id: order.id, file });
  };

  return (
    <div data-testid="work-order-images">
      <Image.PreviewGroup>
        <Flex wrap gap={8}>
          {order.images.map((img) => (
            <Flex key={img.id} vertical align="center" data-testid={`work-order-image-${img.id}`}>
              <Image
                width={96}
                height={96}
                style={{ objectFit: 'cover' }}
                src={workOrderImageUrl(order.id, img.id)}
                alt={t('workOrders.imageAlt', { id: img.id })}
              />
              <Popconfirm
                title={t('workOrders.removeImage')}
                okText={t('common.delete')}
                cancelText={t('common.cancel')}
                onConfirm={() => remove.mutate({ id: order.id, imageId: img.id })}
              >
                <Button type="link" size="small" icon={<DeleteOutlined />} aria-label={t('workOrders.removeImage')} />
              </Popconfirm>
            </Flex>
          ))}
        </Flex>
      </Image.PreviewGroup>
      <input
        ref={input}
        type="file"
        accept={WORK_ORDER_IMAGE_TYPES.join(',')}
        hidden
        data-testid="work-order-image-input"
        onChange={(e) => {
          chosen(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {/* The phone's camera (the back one): the photo goes the same way as a chosen file. */}
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        data-testid="work-order-camera-input"
        onChange={(e) => {
          chosen(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <Flex wrap gap={8} style={{ marginTop: 8 }}>
        {phone && (
          <Button
            type="primary"
            icon={<CameraOutlined />}
            loading={upload.isPending}
            disabled={order.images.length >= WORK_ORDER_LIMITS.images}
            data-testid="work-order-camera"
            onClick={() => camera.current?.click()}
          >
            {t('workOrders.takePhoto')}
          </Button>
        )}
        <Button
          icon={<UploadOutlined />}
          loading={upload.isPending}
          disabled={order.images.length >= WORK_ORDER_LIMITS.images}
          data-testid="work-order-upload"
          onClick={() => input.current?.click()}
        >
          {t('workOrders.upload', { max: WORK_ORDER_LIMITS.images })}
        </Button>
      </Flex>
    </div>
  );
}

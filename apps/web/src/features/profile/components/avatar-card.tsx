import { useRef } from 'react';
import { Button, Flex, Popconfirm, Typography } from 'antd';
import { DeleteOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AVATAR_SIZE, IMAGE_LIMITS, IMAGE_TYPES, type User } from '@voltfleet/domain/users';
import { ApiError } from '@/lib/http';
import { notify } from '@/lib/notice';
import { notifySuccess } from '@/lib/success';
import { useRemoveAvatar, useUploadAvatar } from '../api/avatar';

const SHOWN = 96;

/** The caller's avatar: shown, replaced (JPEG/PNG/WebP up to 1 MB; the server decides by content) or removed. */
export function AvatarCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();

  const chosen = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => notifySuccess('success.uploaded'),
      // The server's refusal names the problem (type, size, pixels) in the UI language.
      onError: (error) => {
        if (error instanceof ApiError && !error.handled) notify('warning', error.issues[0]?.message ?? error.message);
      },
    });
  };

  return (
    <Flex gap={16} align="center" wrap data-testid="avatar-card">
      {user.avatar ? (
        <img
          src={user.avatar}
          alt={t('userAdmin.avatar')}
          width={SHOWN}
          height={SHOWN}
          style={{ borderRadius: '50%', objectFit: 'cover' }}
          data-testid="avatar-image"
        />
      ) : (
        <Flex
          align="center"
          justify="center"
          style={{ width: SHOWN, height: SHOWN, borderRadius: '50%', background: 'rgba(0,0,0,0.06)', fontSize: 40 }}
        >
          <UserOutlined />
        </Flex>
      )}
      <Flex vertical gap={8} style={{ flex: 1, minWidth: 200 }}>
        <Typography.Text type="secondary">
          {t('userAdmin.avatarHint', { maxMb: IMAGE_LIMITS.bytes / 1024 / 1024, size: AVATAR_SIZE })}
        </Typography.Text>
        <input
          ref={input}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          hidden
          data-testid="avatar-input"
          onChange={(e) => {
            chosen(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Flex gap={8} wrap>
          <Button
            icon={<UploadOutlined />}
            loading={upload.isPending}
            data-testid="avatar-upload"
            onClick={() => input.current?.click()}
          >
            {t('userAdmin.avatarUpload')}
          </Button>
          {user.avatar && (
            <Popconfirm
              title={t('userAdmin.avatarRemove')}
              okText={t('common.delete')}
              cancelText={t('common.cancel')}
              onConfirm={() => remove.mutate(undefined, { onSuccess: () => notifySuccess('success.deleted') })}
            >
              <Button icon={<DeleteOutlined />} loading={remove.isPending} data-testid="avatar-remove">
                {t('userAdmin.avatarRemove')}
              </Button>
            </Popconfirm>
          )}
        </Flex>
      </Flex>
    </Flex>
  );
}

import type { ReactNode } from 'react';
import { Card, Col, Descriptions, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { levelName } from '@voltfleet/domain/users';
import { PageHeader } from '@/components/page-header';
import { useMe } from '@/lib/session';
import { AvatarCard } from '../components/avatar-card';
import { PasswordForm } from '../components/password-form';
import { ProfileForm } from '../components/profile-form';
import { labelOf } from '@/lib/labels';

/**
 * /personalCenter: the signed-in user's account facts, profile and password; `extra` is what other features add
 * below (app/pages/personal-center-route.tsx composes it).
 */
export default function PersonalCenterPage({ extra }: { extra?: ReactNode }) {
  const { t } = useTranslation();
  const { user, role } = useMe();
  return (
    <>
      <PageHeader title={t('shell.personalCenter')} />
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2, xl: 4 }}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'username', label: t('users.username'), children: user.username },
          { key: 'code', label: t('users.code'), children: user.code || '—' },
          { key: 'role', label: t('users.role'), children: role.name },
          { key: 'level', label: t('users.level'), children: labelOf(levelName(user.level)) ?? String(user.level) },
          { key: 'superior', label: t('users.superior'), children: user.superiorName ?? '—' },
        ]}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24}>
          <Card title={t('userAdmin.avatar')}>
            <AvatarCard user={user} />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={t('profile.title')}>
            <ProfileForm user={user} />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t('profile.changePassword')}>
            <PasswordForm />
          </Card>
        </Col>
        {extra && <Col xs={24}>{extra}</Col>}
      </Row>
    </>
  );
}

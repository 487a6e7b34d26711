import { Card, Col, Descriptions, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { LEVEL_KEYS } from '@voltfleet/domain';
import { PageHeader } from '@/components/page-header';
import { useMe } from '@/lib/session';
import { PasswordForm } from '../components/password-form';
import { ProfileForm } from '../components/profile-form';

/** /personalCenter: the signed-in user's account facts, profile and password. */
export default function PersonalCenterPage() {
  const { t } = useTranslation();
  const { user, role } = useMe();
  const level = LEVEL_KEYS[user.level];
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
          { key: 'level', label: t('users.level'), children: level ? t(`users.levels.${level}`) : user.level },
          { key: 'superior', label: t('users.superior'), children: user.superiorName ?? '—' },
        ]}
      />
      <Row gutter={[16, 16]}>
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
      </Row>
    </>
  );
}

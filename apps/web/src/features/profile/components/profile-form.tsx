import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PHONE_PREFIX } from '@voltfleet/domain/validation';
import { profileUpdateSchema, type ProfileUpdate, type User } from '@voltfleet/domain/users';
import { ContactFields } from '@/components/contact-fields';
import { showFormError } from '@/lib/form-rules';
import { notifySuccess } from '@/lib/success';
import { useUpdateProfile } from '../api/update-profile';

/** The caller's own contact details. */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProfileUpdate>();
  const save = useUpdateProfile();

  const submit = async (values: ProfileUpdate) => {
    try {
      await save.mutateAsync({ ...values, email: values.email ?? '', phone: values.phone ?? '' });
      notifySuccess('success.saved');
    } catch (error) {
      showFormError(form, error);
    }
  };

  return (
    <Form<ProfileUpdate>
      form={form}
      layout="vertical"
      data-testid="profile-form"
      initialValues={{
        name: user.name,
        email: user.email,
        prePhoneCode: (user.prePhoneCode || DEFAULT_PHONE_PREFIX) as ProfileUpdate['prePhoneCode'],
        phone: user.phone,
        company: user.company,
        remark: user.remark,
      }}
      onFinish={(values) => void submit(values)}
    >
      <ContactFields schema={profileUpdateSchema} testIdPrefix="profile" />
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="profile-save">
        {t('common.save')}
      </Button>
    </Form>
  );
}

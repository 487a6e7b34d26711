// The anchor: the smallest honest login page with the same stack (React 19 + Ant Design form, input, button,
// message) built by the same Vite in the same run. Our pages are measured against it.
import { createRoot } from 'react-dom/client';
import { Button, Form, Input, message } from 'antd';

function Login() {
  return (
    <Form onFinish={() => void message.info('ok')}>
      <Form.Item name="username" rules={[{ required: true }]}>
        <Input placeholder="username" />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true }]}>
        <Input.Password placeholder="password" />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        Log in
      </Button>
    </Form>
  );
}

createRoot(document.getElementById('root')!).render(<Login />);

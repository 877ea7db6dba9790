import type { RegistrationInput } from '@fleetgate/contracts';
import { CenteredLayout } from '../components/CenteredLayout.tsx';
import { RegisterForm } from './RegisterForm.tsx';
import { useContinueAfterLogIn } from './use-continue-after-log-in.ts';
import { useLogIn } from './use-log-in.ts';
import { useRegister } from './use-register.ts';

export function RegisterPage() {
  const register = useRegister();
  const logIn = useLogIn();
  const continueAfterLogIn = useContinueAfterLogIn();

  const handleSubmit = async (values: RegistrationInput) => {
    await register.mutateAsync(values);
    await logIn.mutateAsync({ emailAddress: values.emailAddress, password: values.password });
    await continueAfterLogIn();
  };

  return (
    <CenteredLayout>
      <RegisterForm onSubmit={handleSubmit} />
    </CenteredLayout>
  );
}

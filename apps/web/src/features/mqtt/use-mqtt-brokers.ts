import { useMutation, useQuery } from '@tanstack/react-query';
import {
  limits,
  type MqttBroker,
  type MqttBrokerCreateInput,
  type MqttBrokerPatchInput,
  type MqttConnectionTestInput,
  type MqttConnectionTestResult,
} from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';

const listKey = ['MqttBrokerList'] as const;

export function useMqttBrokers() {
  return useQuery({
    queryKey: listKey,
    queryFn: () =>
      apiData<MqttBroker[]>('MqttBrokerList', { query: { fields: '*', 'page-size': limits.pageSizeMax } }),
  });
}

export function useCreateMqttBroker() {
  return useInvalidatingMutation(listKey, (input: MqttBrokerCreateInput) =>
    apiData<MqttBroker>('MqttBrokerList', { method: 'POST', body: input }),
  );
}

export function useUpdateMqttBroker() {
  return useInvalidatingMutation(
    listKey,
    ({ publicId, changes }: { publicId: string; changes: MqttBrokerPatchInput }) =>
      apiData<MqttBroker>('MqttBroker', { method: 'PATCH', params: { publicId }, body: changes }),
  );
}

export function useDeleteMqttBroker() {
  return useInvalidatingMutation(listKey, (publicId: string) =>
    apiData<{ publicId: string }>('MqttBroker', { method: 'DELETE', params: { publicId } }),
  );
}

/** Connects to a saved broker with its stored settings. */
export function useTestSavedBroker() {
  return useMutation({
    mutationFn: (publicId: string) =>
      apiData<MqttConnectionTestResult>('MqttBrokerConnectionTest', { method: 'POST', params: { publicId } }),
  });
}

/** Connects with settings that are not saved yet (the add and edit dialog). */
export function useTestBrokerSettings() {
  return useMutation({
    mutationFn: (settings: MqttConnectionTestInput) =>
      apiData<MqttConnectionTestResult>('MqttBrokerConnectionTestList', { method: 'POST', body: settings }),
  });
}

import { zodResolver } from "@hookform/resolvers/zod";
import { THEMES } from "@kantien/domain/auth";
import { LANGUAGES } from "@kantien/domain/language";
import { type MyProfile, type MyProfileInput, myProfileInput } from "@kantien/domain/my";
import { ROUTES } from "@kantien/domain/route-access";
import Logout from "@mui/icons-material/Logout";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Paper from "@mui/material/Paper";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { Suspense, useEffect, useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { FormField } from "../../../components/form-field";
import { LoadError } from "../../../components/load-error";
import { useNotice } from "../../../components/notice";
import { PageTitle } from "../../../components/page-title";
import { StaleDialog, useStaleSave } from "../../../components/stale-dialog";
import { SubmitButton } from "../../../components/submit-button";
import { errorMessage } from "../../../lib/api-client";
import { lazyComponent } from "../../../lib/lazy-component";
import { useMyProfile } from "../../../lib/my-data";
import { queryKeys } from "../../../lib/query-keys";
import { signOut } from "../../../lib/session";
import { fieldErrorText, serverFieldErrors } from "../../../lib/validation";
import { useSaveMyProfile } from "../api/my-profile";
import { PasswordForm } from "./password-form";
import { profileStaleFields } from "./profile-stale-fields";

// The allergy list's words and the consent text load only when the profile shows (decision 0041).
const loadAllergySection = () => import("./allergy-section");
const AllergySection = lazyComponent(loadAllergySection, (module) => module.AllergySection);
const MyDataDownload = lazyComponent(loadAllergySection, (module) => module.MyDataDownload);

type ProfileForm = z.input<typeof myProfileInput>;
const FIELDS = ["firstName", "lastName", "phoneNumber", "language", "theme"] as const;

function toForm(profile: MyProfile): ProfileForm {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    phoneNumber: profile.phoneNumber ?? "",
    language: profile.language,
    theme: profile.theme,
  };
}

function ChoiceGroup<Value extends string>(props: {
  label: string;
  values: readonly Value[];
  labelOf: (value: Value) => string;
  field: { value: Value; onChange: (value: Value) => void; name: string };
}) {
  const labelId = useId();
  return (
    <FormControl>
      <FormLabel id={labelId}>{props.label}</FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        name={props.field.name}
        value={props.field.value}
        onChange={(event) => props.field.onChange(event.target.value as Value)}
      >
        {props.values.map((value) => (
          <FormControlLabel
            key={value}
            value={value}
            control={<Radio />}
            label={props.labelOf(value)}
            sx={{ minHeight: 44 }}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

function ProfileDetails({ profile }: { profile: MyProfile }) {
  const { t } = useTranslation();
  const notify = useNotice();
  const queryClient = useQueryClient();
  const save = useSaveMyProfile();
  const [formError, setFormError] = useState<string | null>(null);
  // The profile the form shows and saves from: its version goes with the save (decision 0057).
  const [loaded, setLoaded] = useState(profile);
  const { stale, catchStale, close } = useStaleSave<MyProfile>();
  const form = useForm<ProfileForm, unknown, MyProfileInput>({
    resolver: zodResolver(myProfileInput),
    defaultValues: toForm(profile),
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  // A newer profile (the allergies saved, a refetch) replaces an untouched form; never an edit.
  useEffect(() => {
    if (profile.version === loaded.version || isDirty) return;
    setLoaded(profile);
    form.reset(toForm(profile));
  }, [profile, loaded.version, isDirty, form]);

  const persist = async (values: MyProfileInput, from: MyProfile) => {
    setFormError(null);
    try {
      const answer = await save.mutateAsync({ input: values, version: from.version });
      setLoaded(answer.data);
      form.reset(toForm(answer.data));
      notify({ severity: "success", text: answer.message });
    } catch (error) {
      if (catchStale(error, from)) return;
      const fieldErrors = serverFieldErrors(error, FIELDS);
      for (const { field, message } of fieldErrors) form.setError(field, { type: "server", message });
      if (fieldErrors.length === 0) setFormError(errorMessage(error, t("errors.update")));
    }
  };
  const onSubmit = form.handleSubmit((values) => persist(values, loaded));

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
        <Typography color="text.secondary">{t("my.profile.signedInAs", { email: profile.email })}</Typography>
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <FormField
          registration={form.register("firstName")}
          label={t("resources.user.fields.first_name")}
          autoComplete="given-name"
          required
          error={fieldErrorText(errors.firstName)}
        />
        <FormField
          registration={form.register("lastName")}
          label={t("resources.user.fields.last_name")}
          autoComplete="family-name"
          required
          error={fieldErrorText(errors.lastName)}
        />
        <FormField
          registration={form.register("phoneNumber")}
          type="tel"
          label={t("resources.user.fields.phone_number")}
          autoComplete="tel"
          error={fieldErrorText(errors.phoneNumber)}
        />
        <Controller
          control={form.control}
          name="language"
          render={({ field }) => (
            <ChoiceGroup
              label={t("screens.settings.language")}
              values={LANGUAGES}
              labelOf={(language) => t(`screens.settings.languages.${language}`)}
              field={field}
            />
          )}
        />
        <Controller
          control={form.control}
          name="theme"
          render={({ field }) => (
            <ChoiceGroup
              label={t("screens.settings.theme")}
              values={THEMES}
              labelOf={(theme) => t(`screens.settings.themes.${theme}`)}
              field={field}
            />
          )}
        />
        <SubmitButton
          submitting={isSubmitting}
          label={t("my.profile.save")}
          submittingLabel={t("my.profile.saving")}
        />
      </Stack>
      <StaleDialog
        stale={stale}
        fields={profileStaleFields(t)}
        onReload={(current) => {
          close();
          queryClient.setQueryData(queryKeys.myProfile, current);
          setLoaded(current);
          form.reset(toForm(current));
        }}
        onReapply={(current) => {
          close();
          void form.handleSubmit((values) => persist(values, current))();
        }}
      />
    </Paper>
  );
}

/** `/my/profile`: name, phone, language and theme; allergies and diet; a new password; my data; sign out. */
export function MyProfileScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const profile = useMyProfile();
  const [signingOut, setSigningOut] = useState(false);

  const handleSignOut = async () => {
    setSigningOut(true);
    await signOut(queryClient);
    navigate(ROUTES.myLogin, { replace: true });
  };

  return (
    <Stack spacing={2}>
      <PageTitle>{t("my.profile.title")}</PageTitle>
      {profile.isError && !profile.data ? (
        <LoadError error={profile.error} onRetry={() => void profile.refetch()} />
      ) : null}
      {profile.data ? (
        <ProfileDetails profile={profile.data} />
      ) : profile.isPending ? (
        <Skeleton variant="rounded" height={420} />
      ) : null}
      {profile.data ? (
        <Suspense fallback={<Skeleton variant="rounded" height={320} />}>
          <AllergySection profile={profile.data} />
        </Suspense>
      ) : null}
      <PasswordForm />
      <Suspense fallback={null}>
        <MyDataDownload />
      </Suspense>
      <Button
        variant="outlined"
        size="large"
        startIcon={<Logout />}
        onClick={handleSignOut}
        disabled={signingOut}
        sx={{ minHeight: 48 }}
      >
        {t("layout.logout")}
      </Button>
    </Stack>
  );
}

package io.basalt.server.auth;

import io.basalt.hbase.security.AuthenticationTokens;
import java.io.IOException;
import java.util.Base64;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.sasl.AuthorizeCallback;
import javax.security.sasl.RealmCallback;
import org.apache.hadoop.hbase.security.SaslUtil;
import org.apache.hadoop.hbase.security.token.AuthenticationTokenIdentifier;
import org.apache.hadoop.security.token.SecretManager.InvalidToken;

/**
 * What DIGEST-MD5 asks the server while it checks a delegation token: the user name HBase clients send is their
 * token's identifier in base64, and the password it expects is the token's, in base64 too ({@link SaslUtil}'s
 * encoding, which the clients use). The identifier is read and its password computed by {@link
 * AuthenticationTokens}, which refuses expired tokens and unknown keys.
 */
final class TokenCallbacks implements CallbackHandler {
  private final AuthenticationTokens tokens;

  TokenCallbacks(AuthenticationTokens tokens) {
    this.tokens = tokens;
  }

  /** The token identifier a DIGEST user name (or the authorization id, the same string) stands for. */
  static AuthenticationTokenIdentifier identifier(String name) throws InvalidToken {
    byte[] bytes;
    try {
      bytes = Base64.getDecoder().decode(name);
    } catch (IllegalArgumentException e) {
      throw new InvalidToken("Can't de-serialize tokenIdentifier");
    }
    return AuthenticationTokens.identifier(bytes);
  }

  @Override
  public void handle(Callback[] callbacks) throws IOException, UnsupportedCallbackException {
    AuthenticationTokenIdentifier identifier = null;
    for (Callback callback : callbacks) {
      if (callback instanceof NameCallback name) {
        identifier = identifier(name.getDefaultName());
      } else if (callback instanceof PasswordCallback password) {
        if (identifier == null) {
          throw new InvalidToken("no token identifier came before the password");
        }
        password.setPassword(SaslUtil.encodePassword(tokens.password(identifier)));
      } else if (callback instanceof AuthorizeCallback authorize) {
        boolean same = authorize.getAuthenticationID().equals(authorize.getAuthorizationID());
        authorize.setAuthorized(same);
        if (same) {
          authorize.setAuthorizedID(authorize.getAuthorizationID());
        }
      } else if (callback instanceof RealmCallback realm) {
        realm.setText(realm.getDefaultText());
      } else {
        throw new UnsupportedCallbackException(callback, "unexpected SASL DIGEST-MD5 callback");
      }
    }
  }
}

#!/bin/sh
# The C++ unit tests of the native core (native/tests/, make native-test) use Debian's GoogleTest
# (libgtest-dev: headers, static libraries and CMake files): install it with apt-get when it is
# missing, without questions.
set -eu
[ -f /usr/include/gtest/gtest.h ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
	echo "The C++ unit tests need GoogleTest (/usr/include/gtest/gtest.h), and there is no apt-get here to install it." >&2
	echo "Install GoogleTest (e.g. libgtest-dev) where CMake's find_package(GTest) finds it." >&2
	exit 1
fi
sudo=""
[ "$(id -u)" = 0 ] || sudo="sudo -n"
echo "Installing Debian's libgtest-dev for the C++ unit tests (apt-get)..."
$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q >/dev/null
if ! $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends libgtest-dev >/dev/null \
	|| [ ! -f /usr/include/gtest/gtest.h ]; then
	echo "Could not install libgtest-dev with apt-get (as root, or with sudo without a password)." >&2
	exit 1
fi
